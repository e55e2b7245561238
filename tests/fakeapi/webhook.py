"""Webhook delivery: while a webhook is set, queued updates are POSTed to it in order.

An update leaves the queue only when the webhook answers 2xx; failures are retried with
backoff and reported through getWebhookInfo, as Telegram does. A webhook response may carry
a method call ("reply to the webhook"), which is executed like a request.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import aiohttp

from .api import BotApi
from .errors import ApiError
from .models import WebhookConfig, WebhookDelivery
from .params import decode_value
from .state import World

_SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class WebhookDeliverer:
    def __init__(
        self,
        world: World,
        api: BotApi,
        *,
        timeout: float,
        retry_delay: float = 0.1,
        max_retry_delay: float = 2.0,
    ) -> None:
        self.world = world
        self.api = api
        self.timeout = timeout
        self.retry_delay = retry_delay
        self.max_retry_delay = max_retry_delay
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="fake-telegram-webhook")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        world = self.world
        delay = self.retry_delay
        async with aiohttp.ClientSession() as session:
            while not world.closing:
                hook = world.webhook
                if hook is None or not world.updates.pending:
                    await world.signal.wait(None)
                    continue
                update = world.updates.pending[0]
                world.in_flight += 1
                try:
                    delivered = await self._deliver(session, hook, update)
                finally:
                    world.in_flight -= 1
                    world.touch()
                if delivered:
                    world.updates.remove(update["update_id"])
                    delay = self.retry_delay
                else:
                    await world.signal.wait(delay)
                    delay = min(delay * 2, self.max_retry_delay)

    async def _deliver(
        self, session: aiohttp.ClientSession, hook: WebhookConfig, update: dict[str, Any]
    ) -> bool:
        headers = {_SECRET_HEADER: hook.secret_token} if hook.secret_token else {}
        status: int | None = None
        error: str | None = None
        reply: dict[str, Any] | None = None
        try:
            async with session.post(
                hook.url,
                json=update,
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=self.timeout),
            ) as response:
                status = response.status
                if 200 <= status < 300:
                    reply = await _read_reply(response)
                else:
                    error = f"Wrong response from the webhook: {status} {response.reason}"
        except aiohttp.ClientConnectorError:
            error = "Connection refused"
        except TimeoutError:
            error = "Read timeout expired"
        except aiohttp.ClientError as exc:
            error = f"{type(exc).__name__}: {exc}"
        self.world.webhook_log.append(
            WebhookDelivery(update["update_id"], hook.url, status, error, self.world.clock())
        )
        if error is not None:
            hook.last_error_date = self.world.date()
            hook.last_error_message = error
            return False
        if reply is not None and isinstance(reply.get("method"), str):
            method = reply.pop("method")
            # Telegram never reports the outcome of a call made through a webhook reply.
            with contextlib.suppress(ApiError):
                await self.api.execute(method, reply, source="webhook-reply")
        return True


async def _read_reply(response: aiohttp.ClientResponse) -> dict[str, Any] | None:
    """A method call in the webhook's answer: JSON, or form-data as aiogram writes it."""
    if response.content_type == "application/json":
        with contextlib.suppress(ValueError):
            body = json.loads(await response.text())
            if isinstance(body, dict) and body:
                return {k: decode_value(k, v) for k, v in body.items()}
        return None
    if response.content_type.startswith("multipart/"):
        reader = aiohttp.MultipartReader.from_response(response)
        fields: dict[str, Any] = {}
        while True:
            part = await reader.next()
            if part is None:
                break
            if isinstance(part, aiohttp.BodyPartReader) and part.name:
                fields[part.name] = decode_value(part.name, await part.text())
        return fields
    return None
