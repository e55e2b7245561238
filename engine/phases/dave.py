"""«Даве» (RULES-VARIANTS §25, H1, H5): 2 players, ``one_hand`` or ``one_hand_bait``.

On his own turn in the play, before playing a card, a player may offer «даве»
(:class:`~engine.actions.OfferDave`). The opponent answers
:class:`~engine.actions.ConcedeDave` (he loses the current stake; the game ends) or
:class:`~engine.actions.PlayOnDave` (the stake becomes the next term, 2, 3, ... or 2, 4,
...; the offerer then plays his card). After a play-on only the player who played on
may offer next, so nobody offers twice in a row. The stake multiplies the hand's
result in stake units (:mod:`.formats`).
"""

from __future__ import annotations

from .. import actions as act
from ..actions import Action, ConcedeDave, OfferDave, PlayOnDave
from ..errors import IllegalActionError, Reason
from ..events import DaveConceded, DaveOffered, DavePlayedOn, Event
from ..rules import Dave, Rules
from . import end
from .state import GameState, Phase

__all__ = ["DAVE_ACTIONS", "applies", "apply_dave", "check_dave", "may_offer", "next_stake"]

DAVE_ACTIONS = (OfferDave, ConcedeDave, PlayOnDave)


def applies(game: GameState) -> bool:
    """Whether «даве» is played in this game (the Rules value checks the format)."""
    return game._rules.dave is not Dave.OFF and game._n == 2


def may_offer(game: GameState) -> bool:
    """Whether the seat to act may offer «даве» now."""
    return applies(game) and game._phase is Phase.PLAY and game._dave_next in (-1, game._to_act)


def next_stake(rules: Rules, stake: int) -> int:
    """The stake after a play-on: the next term, 2, 3, ... or 2, 4, ..."""
    return stake * 2 if rules.dave is Dave.GEOMETRIC else stake + 1


def check_dave(game: GameState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless the «даве» action is legal now."""
    seat = game._to_act
    if not applies(game):
        raise IllegalActionError(
            Reason.DAVE_OFF, "«даве» is not played in this game", seat=seat, action=action
        )
    if type(action) is OfferDave:
        if game._phase is not Phase.PLAY:
            raise IllegalActionError(
                Reason.DAVE_NOT_NOW,
                "«даве» only on one's own turn in the play, before playing a card",
                seat=seat,
                action=action,
            )
        if not may_offer(game):
            raise IllegalActionError(
                Reason.DAVE_NOT_YOURS,
                f"after a play-on only seat {game._dave_next} may offer «даве» next",
                seat=seat,
                action=action,
            )
    elif game._phase is not Phase.DAVE:
        raise IllegalActionError(
            Reason.NO_DAVE_OFFER, "no «даве» offer to answer", seat=seat, action=action
        )


def legal_answers() -> list[Action]:
    return [act.CONCEDE_DAVE, act.PLAY_ON_DAVE]


def apply_dave(game: GameState, action: Action, events: list[Event]) -> None:
    """Apply a checked «даве» action."""
    seat = game._to_act
    kind = type(action)
    if kind is OfferDave:
        game._phase = Phase.DAVE
        game._to_act = 1 - seat
        events.append(DaveOffered(seat, game._dave_stake))
        return
    if kind is ConcedeDave:
        stake = game._dave_stake
        events.append(DaveConceded(seat, stake))
        stakes = [0, 0]
        stakes[seat] = -stake
        stakes[1 - seat] = stake
        end.finish_with_stakes(game, stakes, events)
        return
    game._dave_stake = next_stake(game._rules, game._dave_stake)
    game._dave_next = seat
    game._phase = Phase.PLAY
    game._to_act = 1 - seat
    events.append(DavePlayedOn(seat, game._dave_stake))
