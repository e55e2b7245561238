"""Play Debertz in the terminal: ``python -m engine [--players 3] [--preset odessa]
[--set option=value ...]``.

Any preset (part 1 or part 2) and any option of :class:`engine.Rules` can be set, e.g.
``python -m engine --preset site --set must_trump=false --set gap_win=250``. You take
seat 0; random legal players take the others. The same events the bot renders
are printed here, so this is a quick way to check the rules by hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from enum import StrEnum

from .actions import Action, ActionParseError
from .cards import sorted_for_display
from .errors import IllegalActionError
from .events import (
    BellaAnnounced,
    BidMade,
    CardPlayed,
    DaveConceded,
    DaveOffered,
    DavePlayedOn,
    DebertzWon,
    Event,
    ExtraCardsDealt,
    GameOver,
    HandDealt,
    HandScored,
    MatchGameWon,
    MeldsAnnounced,
    MeldsWon,
    ProposalRefused,
    Redeal,
    SevenExchanged,
    SevenKept,
    TrickWon,
    TrumpChosen,
    VisyakHand,
)
from .game import PLAYER_COUNTS, Game, Phase
from .rules import ALL_PRESETS, Rules, RulesError


def describe(event: Event) -> str:
    """One line of text for an event."""
    match event:
        case HandDealt(hand_number, dealer, proposed):
            return f"— hand {hand_number}: seat {dealer} deals, face-up card {proposed}"
        case BidMade(seat, action, round_):
            return f"seat {seat} (round {round_}): {action.code}"
        case TrumpChosen(bidder, trump, _):
            return f"seat {bidder} plays, trump {trump.symbol}"
        case ProposalRefused(refused, proposed, round_):
            return f"everyone passed on {refused}: face-up card {proposed} (round {round_})"
        case VisyakHand(bidder, trump, pool):
            return f"visyak: seat {bidder} plays {trump.symbol} for a pool of {pool}"
        case Redeal(dealer):
            return f"everyone passed twice: seat {dealer} deals again"
        case ExtraCardsDealt(count):
            return f"{count} more cards each"
        case SevenExchanged(seat, seven, taken):
            return f"seat {seat} exchanges {seven} for {taken}"
        case SevenKept(seat):
            return f"seat {seat} keeps the seven"
        case MeldsAnnounced(seat, melds):
            said = ", ".join(f"{m.kind.name.lower()} to {m.top.code}" for m in melds)
            return f"seat {seat} announces {said}"
        case CardPlayed(seat, card):
            return f"seat {seat} plays {card}"
        case BellaAnnounced(seat):
            return f"seat {seat}: bella!"
        case TrickWon(number, winner, _, points, last):
            extra = " (last trick +10)" if last else ""
            return f"trick {number} to seat {winner}: {points} points{extra}"
        case MeldsWon(side, melds, points):
            shown = "; ".join(f"seat {seat} {meld}" for seat, meld in melds)
            return f"side {side} scores melds {points}: {shown}"
        case DebertzWon(seat, meld):
            return f"seat {seat} has a debertz ({meld}) and wins the game"
        case HandScored(result):
            lines = [f"hand {result.hand_number} scored ({result.outcome.value}):"]
            if result.visyak_pool:
                lines[0] += f" pool {result.visyak_pool}"
            for line in result.sides:
                mark = " Б" if line.bait else ""
                lines.append(
                    f"  side {line.side}: cards {line.card_points} last {line.last_trick} "
                    f"melds {line.melds} bella {line.bella} → writes {line.written}{mark}"
                )
            return "\n".join(lines)
        case DaveOffered(seat, stake):
            return f"seat {seat} offers «dave»: concede {stake} or play on"
        case DaveConceded(seat, stake):
            return f"seat {seat} concedes {stake}"
        case DavePlayedOn(seat, stake):
            return f"seat {seat} plays on: the stake is {stake}"
        case MatchGameWon(number, winner, scores, next_game):
            return f"game {number} of the match to side {winner} {list(scores)}; game {next_game}"
        case GameOver(winner, scores, winners, stakes) if stakes:
            return f"game over: sides {list(winners)} win, stakes {list(stakes)}"
        case GameOver(winner, scores):
            return f"game over: side {winner} wins, scores {list(scores)}"
    return repr(event)


def ask_human(game: Game, read: Callable[[str], str]) -> Action:
    view = game.view(0)
    trump = int(view.trump) if view.trump is not None else -1
    hand = " ".join(str(card) for card in sorted_for_display(view.hand, trump))
    legal = view.legal_actions
    print(f"your hand: {hand}")
    if view.trick:
        print("on the table: " + " ".join(f"{card}({seat})" for seat, card in view.trick))
    for number, action in enumerate(legal, 1):
        print(f"  {number}) {action.code}")
    while True:
        answer = read("your move (number or code): ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            return Action.parse(answer)
        except ActionParseError as error:
            print(error)


def parse_setting(text: str, rules: Rules) -> dict[str, object]:
    """``option=value`` as a change for :meth:`Rules.replace`, typed like the option."""
    name, sep, raw = text.partition("=")
    name = name.strip()
    raw = raw.strip()
    if not sep or name not in Rules.all_option_names():
        known = ", ".join(Rules.all_option_names())
        raise RulesError(f"--set needs option=value with one of: {known}; not {text!r}")
    current = getattr(rules, name)
    value: object
    if isinstance(current, bool):
        if raw.lower() not in ("true", "false", "on", "off", "1", "0"):
            raise RulesError(f"option {name} is true or false, not {raw!r}")
        value = raw.lower() in ("true", "on", "1")
    elif isinstance(current, int) and not isinstance(current, StrEnum):
        try:
            value = int(raw)
        except ValueError:
            raise RulesError(f"option {name} is a whole number, not {raw!r}") from None
    else:
        value = raw
    return {name: value}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=3)
    parser.add_argument("--preset", choices=tuple(ALL_PRESETS), default="odessa")
    parser.add_argument("--target", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change one option of the preset (repeatable)",
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    rules = Rules.preset(args.preset)
    if args.target is not None:
        rules = rules.replace(target=args.target)
    try:
        for setting in args.set:
            rules = rules.replace(**parse_setting(setting, rules))
    except RulesError as error:
        parser.error(str(error))
    game = Game.new(args.players, rules, seed)
    bots = random.Random(seed)
    pairs = rules.in_pairs(args.players)
    print(f"seed {seed}; you are seat 0" + (", partner seat 2" if pairs else ""))
    print(f"face-up card {game.proposed}, seat {game.dealer} deals")
    while game.phase is not Phase.FINISHED:
        if game.to_act == 0:
            action = ask_human(game, input)
        else:
            action = bots.choice(game.legal_actions())
        try:
            events = game.apply(action, seat=game.to_act)
        except IllegalActionError as error:
            print(f"illegal ({error.reason.value}): {error}")
            continue
        for event in events:
            print(describe(event))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (EOFError, KeyboardInterrupt):
        print()
        sys.exit(130)
