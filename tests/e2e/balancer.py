"""A load balancer in front of several webhook processes: each request goes to one of
them at random, as a reverse proxy before a pool of bot processes would send it."""

from __future__ import annotations

import random
from types import TracebackType

import aiohttp
from aiohttp import web

from tests.ops.process import free_port

__all__ = ["RandomBalancer"]


class RandomBalancer:
    def __init__(self, backends: list[str], *, rng: random.Random) -> None:
        self.backends = backends
        self.rng = rng
        self.port = free_port()
        self.sent: dict[str, int] = dict.fromkeys(backends, 0)
        self._runner: web.AppRunner | None = None
        self._client: aiohttp.ClientSession | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def __aenter__(self) -> RandomBalancer:
        self._client = aiohttp.ClientSession()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._client is not None:
            await self._client.close()

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._client is not None
        backend = self.rng.choice(self.backends)
        self.sent[backend] += 1
        try:
            async with self._client.request(
                request.method,
                backend + request.path_qs,
                data=await request.read(),
                headers={k: v for k, v in request.headers.items() if k.lower() != "host"},
            ) as response:
                return web.Response(
                    status=response.status,
                    body=await response.read(),
                    content_type=response.content_type,
                )
        except aiohttp.ClientError:
            return web.Response(status=502, text="backend down")
