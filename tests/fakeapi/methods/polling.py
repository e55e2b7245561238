"""Getting updates: long polling, and the webhook settings that exclude it."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from ..errors import (
    GETUPDATES_WHILE_WEBHOOK,
    TERMINATED_BY_GETUPDATES,
    TERMINATED_BY_SETWEBHOOK,
    bad_request,
    conflict,
)
from ..models import Json, WebhookConfig
from ..params import Params
from ..state import World
from .common import Handler, Ok

_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


async def get_updates(world: World, p: Params) -> list[Json]:
    if world.webhook is not None:
        raise conflict(GETUPDATES_WHILE_WEBHOOK)
    limit = p.integer("limit") or 100
    limit = min(max(limit, 1), 100)
    timeout = max(p.integer("timeout") or 0, 0)
    allowed = p.get("allowed_updates")
    if allowed is not None and not isinstance(allowed, list):
        raise bad_request("can't parse allowed_updates JSON object")
    world.updates.set_allowed(allowed)
    offset = p.integer("offset")
    if offset:
        world.updates.confirm(offset)
    # A newer getUpdates ends an older one that is still waiting, as on Telegram.
    world.poll_generation += 1
    generation = world.poll_generation
    world.signal.fire()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        if world.closing:
            return []
        if generation != world.poll_generation:
            raise conflict(TERMINATED_BY_GETUPDATES)
        if world.webhook is not None:
            raise conflict(TERMINATED_BY_SETWEBHOOK)
        batch = world.updates.pending[:limit]
        remaining = deadline - loop.time()
        if batch or remaining <= 0:
            if batch:
                world.touch()
            return batch
        await world.signal.wait(remaining)


def set_webhook(world: World, p: Params) -> Ok:
    url = p.text("url") or ""
    if not url:
        return _delete(world, p)
    if not url.startswith(("https://", "http://")):
        # The real server insists on HTTPS; plain HTTP is accepted so tests can listen locally.
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    secret = p.text("secret_token")
    if secret is not None and not _SECRET_RE.match(secret):
        raise bad_request("bad webhook: secret token contains unallowed characters")
    allowed = p.get("allowed_updates")
    if allowed is not None and not isinstance(allowed, list):
        raise bad_request("can't parse allowed_updates JSON object")
    world.updates.set_allowed(allowed)
    if p.flag("drop_pending_updates"):
        world.updates.clear()
    world.webhook = WebhookConfig(
        url=url,
        secret_token=secret,
        max_connections=p.integer("max_connections") or 40,
        allowed_updates=sorted(world.updates.allowed) if world.updates.allowed else None,
    )
    world.touch()
    return Ok(True, "Webhook was set")


def _delete(world: World, p: Params) -> Ok:
    if p.flag("drop_pending_updates"):
        world.updates.clear()
    if world.webhook is None:
        return Ok(True, "Webhook is already deleted")
    world.webhook = None
    world.touch()
    return Ok(True, "Webhook was deleted")


def delete_webhook(world: World, p: Params) -> Ok:
    return _delete(world, p)


def get_webhook_info(world: World, p: Params) -> Json:
    hook = world.webhook
    info: dict[str, Any] = {
        "url": hook.url if hook else "",
        "has_custom_certificate": False,
        "pending_update_count": len(world.updates.pending),
    }
    if hook is not None:
        info["max_connections"] = hook.max_connections
        info["ip_address"] = "127.0.0.1"
        if hook.allowed_updates:
            info["allowed_updates"] = hook.allowed_updates
        if hook.last_error_date is not None:
            info["last_error_date"] = hook.last_error_date
            info["last_error_message"] = hook.last_error_message
    return info


HANDLERS: dict[str, Handler] = {
    "getUpdates": get_updates,
    "setWebhook": set_webhook,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
}
