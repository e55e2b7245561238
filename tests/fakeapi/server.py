"""The HTTP face: /bot<token>/<method> routes answering like api.telegram.org."""

from __future__ import annotations

import contextlib
import json
import socket
from typing import Any

from aiohttp import web

from .api import BotApi, canonical_method
from .errors import ApiError, not_found, unauthorized
from .params import read_params
from .state import World


def _json_response(body: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False), status=status, content_type="application/json"
    )


def _error_response(error: ApiError) -> web.Response:
    return _json_response(error.to_json(), status=error.error_code)


class ApiServer:
    def __init__(self, world: World, api: BotApi, host: str, port: int) -> None:
        self.world = world
        self.api = api
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_route("*", "/{tail:.*}", self._not_found)
        # Long polls are woken on close, so a short grace period is enough.
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        # Bind first so the ephemeral port is known without reaching into aiohttp internals.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((self.host, self.port))
        site = web.SockSite(self._runner, sock)
        await site.start()
        self.base_url = f"http://{self.host}:{sock.getsockname()[1]}"
        return self.base_url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _not_found(self, request: web.Request) -> web.Response:
        return _error_response(not_found())

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.world.token:
            return _error_response(unauthorized())
        method = request.match_info["method"]
        polling = canonical_method(method) == "getUpdates"
        world = self.world
        if not polling:
            world.in_flight += 1
            world.touch()
        try:
            try:
                data = await read_params(request)
            except ApiError as error:
                return _error_response(error)
            try:
                result, description = await self.api.execute(method, data)
            except ApiError as error:
                return _error_response(error)
            body: dict[str, Any] = {"ok": True, "result": result}
            if description is not None:
                body["description"] = description
            return _json_response(body)
        finally:
            if not polling:
                world.in_flight -= 1
                with contextlib.suppress(RuntimeError):
                    world.touch()
