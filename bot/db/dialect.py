"""INSERT ... ON CONFLICT for whichever backend a session is bound to."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import CursorResult, Result
from sqlalchemy.ext.asyncio import AsyncSession

__all__ = ["affected_rows", "dialect_insert", "dialect_name", "upsert_insert"]


def dialect_name(session: AsyncSession) -> str:
    return session.get_bind().dialect.name


def upsert_insert(session: AsyncSession, target: Any) -> Any:
    """A dialect INSERT with ``on_conflict_do_*`` for ``target`` (model or table).

    Both dialects spell ON CONFLICT the same way in SQLAlchemy, so callers do not branch.
    """
    return dialect_insert(dialect_name(session), target)


def dialect_insert(name: str, target: Any) -> Any:
    """:func:`upsert_insert` for the dialect called ``name``: for statements built once
    per dialect (``functools.cache`` on the dialect's name) rather than per call."""
    if name == "postgresql":
        return postgresql.insert(target)
    if name == "sqlite":
        return sqlite.insert(target)
    raise NotImplementedError(f"no upsert for the {name!r} database")


def affected_rows(result: Result[Any]) -> int:
    """Rows matched by an UPDATE or DELETE (``session.execute`` is typed as a plain Result)."""
    return cast(CursorResult[Any], result).rowcount
