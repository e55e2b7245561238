"""The HTTP session to the Bot API: aiogram's, with the response classes kept alive.

aiogram validates every answer with ``Response[method.__returning__]`` (a pydantic
generic model, ``aiogram/client/session/base.py`` ``check_response``). Pydantic keeps
parametrised generic models in a ``WeakValueDictionary`` (``pydantic/_internal/_generics.py``,
on purpose: parametrising in a loop must not leak memory), and only a class built at a
module's top level is also kept by that module's globals. aiogram builds them inside a
method, so nothing holds them: each full garbage collection frees ``Response[Message | bool]``
and the like, and the next call builds the class again, with its core schema and
validator — milliseconds of CPU, several times per press (about half of the bot's CPU
per press was spent there).

We hold a strong reference to each ``Response[...]`` this process has used, so pydantic's
own cache answers every later lookup. The set is small and fixed (one entry per return
type of the Bot API methods the bot calls), so this leaks nothing. Subclassing the session
instead of patching aiogram keeps its validation and error mapping exactly as they are.

A request's parameters are prepared the same way, faster: aiogram walks a keyboard's
dump value by value (a dozen fields per button, most of them None) through its general
``prepare_value``; a dump of plain JSON values is pruned of its Nones here in one tight
walk instead, with the same result (anything else goes to aiogram's walk).

And a request without a file is sent as one JSON body (the Bot API takes
``application/json``) instead of aiogram's urlencoded form, which quoted every field and
JSON-encoded every keyboard into a string of its own: a fifth of the CPU of a call. A
request with a file stays multipart, as aiogram sends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.exceptions import TelegramNetworkError
from aiogram.methods.base import Response, TelegramMethod, TelegramType
from aiogram.types import InputFile
from aiohttp import ClientError, ClientTimeout

if TYPE_CHECKING:
    from aiogram import Bot

__all__ = ["ApiSession", "NotPlain", "json_params", "plain_json", "response_type"]

_RESPONSE_TYPES: dict[Any, type[Response[Any]]] = {}


def response_type(returning: Any) -> type[Response[Any]]:
    """``Response[returning]``, built once per process and kept for its life."""
    cached = _RESPONSE_TYPES.get(returning)
    if cached is None:
        cached = _RESPONSE_TYPES[returning] = Response[returning]
    return cached


class NotPlain(Exception):
    """A value aiogram's ``prepare_value`` must see (a file, a default, an enum...)."""


_SCALARS: Final = frozenset({str, int, float, bool})
_JSON_BODY: Final = {"Content-Type": "application/json"}


def plain_json(value: dict[str, Any] | list[Any]) -> dict[str, Any] | list[Any]:
    """``value`` without its None entries, at every depth, as aiogram's ``prepare_value``
    leaves a dump of JSON values; raises :class:`NotPlain` at any other value."""
    if type(value) is dict:
        return {key: _plain(item) for key, item in value.items() if item is not None}
    if type(value) is list:
        return [_plain(item) for item in value if item is not None]
    raise NotPlain(repr(value))


def _plain(item: Any) -> Any:
    kind = type(item)
    if kind in _SCALARS:
        return item
    if kind is dict or kind is list:
        return plain_json(item)
    raise NotPlain(repr(item))


class ApiSession(AiohttpSession):
    """aiogram's aiohttp session whose answers never rebuild their response class."""

    def prepare_value(
        self, value: Any, bot: Bot, files: dict[str, Any], _dumps_json: bool = True
    ) -> Any:
        if type(value) is dict or type(value) is list:
            try:
                plain = plain_json(value)
            except NotPlain:
                pass
            else:
                return self.json_dumps(plain) if _dumps_json else plain
        return super().prepare_value(value, bot, files, _dumps_json)

    async def make_request(
        self,
        bot: Bot,
        method: TelegramMethod[TelegramType],
        timeout: int | None = None,  # noqa: ASYNC109 (aiogram's signature)
    ) -> TelegramType:
        files: dict[str, InputFile] = {}
        params = json_params(self, bot, method, files)
        if files:
            return await super().make_request(bot, method, timeout)
        session = await self.create_session()
        url = self.api.api_url(token=bot.token, method=method.__api_method__)
        # aiogram's own mapping of what fails on the way (aiohttp.py, make_request).
        try:
            async with session.post(
                url,
                data=self.json_dumps(params),
                headers=_JSON_BODY,
                timeout=ClientTimeout(total=self.timeout if timeout is None else timeout),
            ) as resp:
                raw_result = await resp.text()
        except TimeoutError as e:
            raise TelegramNetworkError(method=method, message="Request timeout error") from e
        except ClientError as e:
            raise TelegramNetworkError(method=method, message=f"{type(e).__name__}: {e}") from e
        response = self.check_response(bot, method, resp.status, raw_result)
        return cast(TelegramType, response.result)

    def check_response(
        self,
        bot: Bot,
        method: TelegramMethod[TelegramType],
        status_code: int,
        content: str,
    ) -> Response[TelegramType]:
        # Pinned before aiogram asks pydantic for the same class: its lookup then hits.
        response_type(method.__returning__)
        return super().check_response(bot, method, status_code, content)


def json_params(
    session: AiohttpSession, bot: Bot, method: TelegramMethod[Any], files: dict[str, InputFile]
) -> dict[str, Any]:
    """The parameters aiogram would put in its form, as JSON values; the files met on the
    way are put in ``files`` (such a request must go as a form)."""
    params: dict[str, Any] = {}
    for key, value in method.model_dump(warnings=False, exclude_none=True).items():
        prepared = session.prepare_value(value, bot, files, _dumps_json=False)
        # What aiogram's form leaves out: its values are strings, and it skips the empty.
        if prepared is not None and prepared != "":
            params[key] = prepared
    return params
