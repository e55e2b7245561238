"""Routers, one per feature: parse the update, call the service, answer."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import cancel, info, lobby, membership, play, private, settings, stale

__all__ = ["build_router"]


def build_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        membership.router,
        private.router,
        lobby.router,
        play.router,
        info.router,
        settings.router,
        cancel.router,
        stale.router,  # last: catches buttons no other router recognised
    )
    return root
