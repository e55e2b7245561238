## The options and the rules explained: labels, one-line explanations, /rules pages.
# Keys opt-, value-, topic-, preset-, btn- are plain text (buttons), no markup.
# rule-, optinfo-, rules-page- are HTML, only <b> and <i>.
# The words are the players' (GLOSSARY.md); every sentence says what the engine does.

## Settings topics

topic-deal = 🃏 Deal and bidding
topic-melds = 👑 Melds and bella
topic-play = 🎯 Play
topic-scoring = 🧮 Scoring a hand
topic-end = 🏁 End of the game
topic-table = 🌐 Language and time

## Rule sets

preset-site = as on the website
preset-klabor = Klabor
preset-klabor_tournament = tournament Klabor
btn-preset-site = Website
btn-preset-klabor = Klabor
btn-preset-klabor_tournament = Klabor cup

## Part 2 settings buttons

opt-freza = Freza
opt-extra_cards = Extra cards
opt-four_player_deal = Deal with 4
opt-seven_exchange_timing = Seven exchange when
opt-four_sevens_redeal = Redeal: four sevens
opt-weak_hand_redeal = Redeal: weak hand
opt-offer_fifty = Offer 50
opt-bella_scoring = Bella goes to
opt-meld_tie = Equal melds
opt-debertz_length = Debertz
opt-debertz_score = Debertz scores
opt-klabor_wins = Klabor wins
opt-hundred_four_only = Hundred with 4 only
opt-defenders_pool_melds = Opponents pool melds
opt-must_trump = Must trump
opt-overtrump_scope = When to overtrump
opt-overtrump_partner = Overtrump partner
opt-hanging_repeat = Hanging bait again
opt-three_player_contract = With 3, beat
opt-bolt_by_players = Bolt by player count
opt-third_bait_repeat = Bait penalty on
opt-claim_mid_hand = Win mid-hand
opt-target_tie = Both reach the target
opt-gap_win = Win by a lead

value-extra_cards = { $value } cards
value-four_player_deal-eight = 8 cards at once
value-four_player_deal-six_then_two = 6, then 2 after bids
value-seven_exchange_timing-after_extras = after the extras
value-seven_exchange_timing-before_extras = before the extras
value-weak_hand_redeal =
    { $value ->
        [-1] off
       *[other] ≤ { $value } { $value ->
            [one] point
           *[other] points
        }
    }
value-bella_scoring-always = always its holder
value-bella_scoring-trick_taker = the trick's taker
value-bella_scoring-needs_trick = holder with a trick
value-bella_scoring-strict = strict
value-meld_tie-first_to_play = first to play
value-meld_tie-deal_order = deal order
value-meld_tie-last_trick = last trick
value-debertz_length = { $value } in a row
value-debertz_score-none = only the win
value-debertz_score-target = score to the target
value-overtrump_scope-led_and_ruff = trump led and ruffs
value-overtrump_scope-trump_led = trump led only
value-hanging_repeat-add = add up
value-hanging_repeat-queue = queue
value-hanging_repeat-split = opponents split it
value-three_player_contract-each = each opponent
value-three_player_contract-sum = both together
value-third_bait_repeat-every_third = every third
value-third_bait_repeat-third_and_later = third and later
value-third_bait_repeat-third_only = third only
value-claim_mid_hand-off = off
value-claim_mid_hand-on = on
value-claim_mid_hand-not_on_jass = on, not on the jass
value-target_tie-highest = the highest
value-target_tie-last_trick = the last trick
value-gap_win =
    { $value ->
        [0] off
       *[other] { $value } { $value ->
            [one] point
           *[other] points
        }
    }
value-bolt_penalty =
    { $value ->
        [0] none
       *[other] −{ $value }
    }
value-third_bait_penalty =
    { $value ->
        [0] none
       *[other] −{ $value }
    }

## The rule in force, in one sentence (part 2)

rule-freza =
    { $value ->
        [yes] Freza: with 2 or 3 players, after the extras the bottom card of the stock is shown to all and stays out of play (the seven is not exchanged for it).
       *[no] The bottom card of the stock is not shown.
    }
rule-extra_cards =
    { $value ->
        [4] With 2 or 3 players, everyone gets 4 more cards after bidding: hands of 10.
       *[other] With 2 or 3 players, everyone gets 3 more cards after bidding: hands of 9.
    }
rule-four_player_deal =
    { $value ->
        [six_then_two] With 4 players, 6 cards each before bidding, the last 2 after it; the proposed card still goes to the dealer.
       *[eight] With 4 players, 8 cards each at once; the dealer's last card is shown.
    }
rule-seven_exchange_timing =
    { $value ->
        [before_extras] The trump seven is exchanged right after bidding, before the extras, and only if it is among the first 6 cards.
       *[after_extras] The trump seven is exchanged after the extras, before the first lead.
    }
rule-four_sevens_redeal =
    { $value ->
        [yes] A player holding four sevens after the extras may claim a redeal.
       *[no] Four sevens are no reason for a redeal.
    }
rule-weak_hand_redeal =
    { $value ->
        [-1] No redeal for a weak hand.
       *[other] A player whose cards dealt before bidding are worth at most { $value } { $value ->
            [one] point
           *[other] points
        } at plain value may claim a redeal.
    }
rule-offer_fifty =
    { $value ->
        [yes] With 2 players, once trump is chosen the opponent may offer the bidder 50 points without play, before the extras; accepted, the hand ends.
       *[no] Nobody may offer 50 points without play.
    }
rule-bella_scoring =
    { $value ->
        [trick_taker] Bella's 20 go to whoever takes the trick in which bella is announced.
        [needs_trick] Bella's 20 go to its holder's side only if that side took a trick.
        [strict] Strict: bella's 20 go to its holder's side only if it took both tricks holding the trump K and Q; otherwise nobody writes them.
       *[always] Bella's 20 always go to its holder's side.
    }
rule-meld_tie =
    { $value ->
        [deal_order] Between equal melds, the one whose holder comes first clockwise from the dealer's left wins.
        [last_trick] Between equal melds, the one whose side takes the last trick wins; if neither does, the earlier player's.
       *[first_to_play] Between equal melds, the one whose holder plays earlier in the first trick wins.
    }
rule-debertz_length =
    { $value ->
        [6] Debertz is six or more in a row.
       *[other] Debertz is seven or more in a row.
    }
rule-debertz_score =
    { $value ->
        [target] A win by debertz or klabor raises the winner's score to the target.
       *[none] A win by debertz or klabor writes no points: the game simply ends.
    }
rule-klabor_wins =
    { $value ->
        [yes] Klabor: a player dealt A K Q J 10 9 of one suit (the first 6 cards, no extras) wins the game at once, before bidding.
       *[no] Klabor (A K Q J 10 9 of one suit on the deal) does not win the game.
    }
rule-hundred_four_only =
    { $value ->
        [yes] A hundred exists only with 4 players.
       *[no] A hundred exists with any number of players.
    }
rule-defenders_pool_melds =
    { $value ->
        [yes] With 3 players the opponents are one side for melds: if either holds the highest, both write theirs; the bidder must beat both.
       *[no] With 3 players only the holder of the highest meld writes melds.
    }
rule-must_trump =
    { $value ->
        [yes] Without the suit led, you must trump.
       *[no] Without the suit led, you may trump or discard any card; a trump you play must still overtrump when required.
    }
rule-overtrump_scope =
    { $value ->
        [trump_led] You must beat the highest trump in the trick only when trump was led.
       *[led_and_ruff] You must beat the highest trump in the trick both when trump is led and when you trump.
    }
rule-overtrump_partner =
    { $value ->
        [yes] With 4 players you must overtrump your partner too.
       *[no] With 4 players you need not overtrump your partner, only an opponent.
    }
rule-hanging_repeat =
    { $value ->
        [queue] A new hanging bait while points still hang: the amounts wait in a queue, and a win takes only the oldest.
        [split] With 3 players, on a new hanging bait the opponents split the points already hanging and the new amount hangs; with 2 or 4 players the amounts add up.
       *[add] A new hanging bait while points still hang: the amounts add up.
    }
rule-three_player_contract =
    { $value ->
        [sum] With 3 players the bidder must score more than both opponents together.
       *[each] With 3 players the bidder must score more than each opponent.
    }
rule-bolt_by_players =
    { $value ->
        [yes] Bolt (no trick taken): −50 with 2 players (and 4 playing solo), −100 with 3 and in pairs.
       *[no] The bolt does not depend on the number of players.
    }
rule-third_bait_repeat =
    { $value ->
        [third_and_later] The bait penalty falls on a side's 3rd bait and every later one.
        [third_only] The bait penalty falls on a side's 3rd bait only.
       *[every_third] The bait penalty falls on a side's 3rd, 6th, 9th… bait.
    }
rule-claim_mid_hand =
    { $value ->
        [on] A side that reaches the target with this hand's points after a trick (but the last) wins the game at once.
        [not_on_jass] A side that reaches the target after a trick (but the last) wins at once, but not after a trick holding the jass; a jass in the last trick means no one wins after that hand.
       *[off] The game is won only after a hand.
    }
rule-target_tie =
    { $value ->
        [last_trick] When several reach the target, the one of them that took the last trick wins; if none did, the highest.
       *[highest] When several reach the target, the highest wins; if equal, another hand.
    }
rule-gap_win =
    { $value ->
        [0] No win by a lead.
       *[other] With 2 players, a side leading by { $value } { $value ->
            [one] point
           *[other] points
        } or more after a hand also wins.
    }

## The rule in force: the eight new options (their opt-, value-, optinfo- are in bot/locales/en.ftl)

rule-round_two =
    { $value ->
        [next_card] With 2 or 3 players, if everyone passes, the next card of the stock is turned up and bidding starts again; all pass again: redeal.
        [next_cards] With 2 or 3 players, if everyone passes, the next cards of the stock are turned up one by one until someone plays; when they run out: redeal.
       *[name_suit] If everyone passes, in round two another suit is named as trump.
    }
rule-proposed_card =
    { $value ->
        [to_bidder] The bidder takes the proposed card as part of his extras; no seven exchange.
       *[stays] The proposed card stays: with 2 or 3 players under the stock, with 4 in the dealer's hand.
    }
rule-seven_meld_query =
    { $value ->
        [yes] When you may exchange the seven and it is in a run, the bot tells you whether that run beats every other meld.
       *[no] The bot does not tell whether a run with the seven beats the others.
    }
rule-visyak =
    { $value ->
        [yes] Visyak: on a tie the opponents write their points and the bidder's wait; the next hand, with no bidding, he plays again in the proposed card's suit, and only bella scores.
       *[no] No visyak.
    }
rule-four_player_mode =
    { $value ->
        [solo] With 4 players everyone plays for himself.
       *[pairs] With 4 players it is pair against pair, partners sitting opposite.
    }
rule-format =
    { $value ->
        [one_hand] One hand, no bait: the highest wins; if equal, the hand is replayed.
        [one_hand_bait] One hand for a stake: the bidder makes it, +1 to him; he sits (ties too), +2 to the opponent; with 3 players, 1 from or to each.
       *[target] The game goes to the target.
    }
rule-dave =
    { $value ->
        [arithmetic] With 2 players in one hand you may offer «dave» (to concede): the opponent concedes or plays on for a higher stake, 1, 2, 3…
        [geometric] With 2 players in one hand you may offer «dave» (to concede): the opponent concedes or plays on for a higher stake, 1, 2, 4…
       *[off] No «dave» (offer to concede).
    }
rule-match =
    { $value ->
        [two_rounds] Pairs play two games; if each wins one, four deciding hands follow.
       *[single] One game is played.
    }

## What an option is about, in one line (whatever its value)

optinfo-dealer_rotation = Who deals the next hand.
optinfo-obligatory_dealer = Whether the dealer may pass in round two of the bidding.
optinfo-seven_exchange = Whether the trump seven may be exchanged for the proposed card (2 or 3 players).
optinfo-hundred = Whether there is a <b>hundred</b>: five or more in a row for 100.
optinfo-debertz_wins = Whether a <b>debertz</b> (a long run) wins the game at once.
optinfo-trump_priority = Whether a trump meld outranks an equal plain one.
optinfo-melds_need_trick = Whether melds need a trick to be written (bella is not affected).
optinfo-bella_announcement = With which card of the trump K+Q <b>bella</b> is announced.
optinfo-first_lead = Who leads first in a hand.
optinfo-overtrump = Whether you must beat the highest trump in the trick if you can.
optinfo-hanging_bait = What a tie for the bidder is: a bait or a <b>hanging bait</b>.
optinfo-three_player_bait = With 3 players, who gets the points of a bidder who sat.
optinfo-bolt_penalty = The penalty for a side that took no trick (<b>bolt</b>).
optinfo-third_bait_penalty = The penalty for a side's third bait.
optinfo-freza = <b>Freza</b>: the bottom card of the stock is shown and stays out of play (2 or 3 players).
optinfo-extra_cards = How many extra cards everyone gets after bidding (2 or 3 players).
optinfo-four_player_deal = With 4 players: all 8 cards before bidding, or 6 and the last 2 after it.
optinfo-seven_exchange_timing = When the trump seven is exchanged: before or after the extras.
optinfo-four_sevens_redeal = Whether a player with four sevens may claim a redeal.
optinfo-weak_hand_redeal = Whether a player with hardly any points in hand may claim a redeal.
optinfo-offer_fifty = With 2 players: whether the opponent may offer the bidder 50 points without play.
optinfo-bella_scoring = Who writes bella's 20; bella always counts for whether the bidder sits.
optinfo-meld_tie = Whose meld wins when they are equal in kind, top card and trump.
optinfo-debertz_length = How many in a row make a debertz.
optinfo-debertz_score = What a win by debertz or klabor writes.
optinfo-klabor_wins = Whether a <b>klabor</b> (A K Q J 10 9 of one suit on the deal) wins the game at once.
optinfo-hundred_four_only = Whether a hundred exists with any number of players or with 4 only.
optinfo-defenders_pool_melds = With 3 players: whether the opponents pool their melds against the bidder.
optinfo-must_trump = Whether you must trump when you lack the suit led.
optinfo-overtrump_scope = When you must overtrump: when trump is led and when you trump, or only when trump is led.
optinfo-overtrump_partner = With 4 players: whether you must overtrump your partner.
optinfo-hanging_repeat = What happens to a new hanging bait while earlier points still hang.
optinfo-three_player_contract = With 3 players: whom the bidder must beat, each opponent or both together.
optinfo-bolt_by_players = The bolt's cost by the number of players instead of a set one.
optinfo-third_bait_repeat = Which baits of a side cost the penalty: every third, the third and later, or the third only.
optinfo-claim_mid_hand = Whether the game can be won mid-hand as soon as the target is reached.
optinfo-target_tie = Who wins when several reach the target at once.
optinfo-gap_win = With 2 players: the game is won by a big enough lead.

## /rules: the basics that do not depend on the options

rules-pages-title = 📖 <b>Rules: { $preset }</b>
rules-page-counter = { $page } / { $pages }
rules-page-deck =
    <b>🃏 The deck and the points</b>
    32 cards, seven to ace, four suits.
    In trump: J 9 A 10 K Q 8 7 (the trump jack is the <i>jass</i>, the nine the <i>menel</i>).
    In the other suits: A 10 K Q J 9 8 7.
    Points: jass 20, menel 14, ace 11, ten 10, king 4, queen 3, plain jack 2, the rest 0.
    The deck holds 152 points, 162 with the last trick's 10.
    With 4 players all 162 are played; with 2 or 3 part of the stock stays out of play.
    For 2, 3 or 4 players (pair against pair, partners sitting opposite).
rules-page-deal =
    <b>🤝 Deal and bidding</b>
    With 2 or 3 players everyone gets 6 cards and the next one is turned up: it proposes trump.
    With 4 players everyone gets 8; the dealer's last card is shown and stays in his hand.
    <b>Round one</b>, from the dealer's left: «Play» (trump is the proposed card's suit) or «Pass».
    <b>Round two</b>, if everyone passed: name another suit as trump, or «Pass». All pass again: redeal.
    Whoever chose trump is the <i>bidder</i>.
    With 2 or 3 players everyone then gets 3 more cards; the rest of the stock is out of play.
    If trump was taken in round one, the trump seven may be exchanged for the proposed card.
rules-page-melds =
    <b>👑 Melds and bella</b>
    A meld is a run in one suit (7 8 9 10 J Q K A):
    a <b>terz</b> is 3 in a row, 20 points; a <b>fifty</b> is 4 or more in a row, 50 points.
    The bot finds melds itself when a player plays their first card.
    Which is higher: a fifty beats a terz; then the higher top card; then trump; then whoever plays earlier.
    Only the side with the highest meld writes melds, but then all of its own.
    <b>Bella</b> is the king and queen of trump in one hand: 20 points,
    always written, even without the highest meld.
rules-page-play =
    <b>🎯 Play</b>
    The player left of the dealer leads first; then whoever took the trick.
    Follow suit. Without the suit, trump. Without trumps, any card.
    When trump is led or you trump, beat the highest trump in the trick if you can.
    If you cannot, still play a trump.
    A plain card need not be beaten.
    The highest trump takes the trick; without trumps, the highest card of the suit led.
    The last trick scores 10 more.
rules-page-scoring =
    <b>🧮 Scoring a hand</b>
    A side's points: the cards of its tricks, 10 for the last trick, melds (if it holds the highest) and bella.
    The bidder must score more than each opponent; then everyone writes their own points.
    Otherwise the bidder sits: a <b>bait</b>. He writes 0 and his points go to the opponents:
    with 2 players to the opponent, with 4 to the other pair, with 3 to the richer one (equal: split in half).
    A tie for the bidder is a bait too.
    A <b>bolt</b> is a hand without a trick; a penalty for it is a house rule.
    Nothing is rounded: everyone writes exactly what they scored.
rules-page-end =
    <b>🏁 End of the game</b>
    The game goes to a target: usually 501, sometimes 301 or 1001.
    After each hand, whoever has reached the target wins.
    If several have, the highest wins; if they are equal, another hand is played.
    With 4 players the pair wins.
