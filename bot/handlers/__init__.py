"""Routers, one per feature: parse the update, call the service, answer."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import (
    cancel,
    hints,
    info,
    leaving,
    lobby,
    membership,
    play,
    private,
    records,
    rematch,
    review,
    settings,
    stale,
)

__all__ = ["build_router"]


def build_router() -> Router:
    """The bot's routers, built afresh for each Dispatcher (so that a process can build
    the bot again, as a restart in tests does)."""
    root = Router(name="root")
    root.include_routers(
        membership.build_router(),
        private.build_router(),
        lobby.build_router(),
        play.build_router(),
        hints.build_router(),
        review.build_router(),
        rematch.build_router(),
        leaving.build_router(),
        info.build_router(),
        records.build_router(),
        settings.build_router(),
        cancel.build_router(),
        stale.build_router(),  # last: catches buttons no other router recognised
    )
    return root
