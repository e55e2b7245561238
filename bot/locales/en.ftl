# Debertz (klabor): the bot's English texts.
#
# Keys starting with btn-, alert-, reason-, card-, suit-, rank-, meld-, name-, action-,
# item-, opt-, value-, preset-, language-, duration-, and points, sheet-bait-mark, sheet-visyak-mark,
# sheet-hand are plain text (buttons, alerts, names): no HTML markup.
# All others are HTML (parse_mode HTML): markup is <b>, <i>, <a> only.

## Common

points =
    { $n ->
        [one] { $n } point
       *[other] { $n } points
    }
duration-seconds = { $n } s
duration-minutes = { $n } min
name-pair = { $first } and { $second }
name-numbered = { $name } { $number }
name-computer =
    { $kind ->
        [easy] 🤖 Computer (easy)
        [medium] 🤖 Computer (medium)
        [strong] 🤖 Computer (strong)
        [heuristic] 🤖 Computer (easy)
        [search] 🤖 Computer (strong)
       *[other] 🤖 Computer
    }
versus = { $first } ⚔ { $second }

## Cards

rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-j = J
rank-q = Q
rank-k = K
rank-a = A
suit-spades = spades
suit-clubs = clubs
suit-diamonds = diamonds
suit-hearts = hearts
suit-label = { $symbol } { $name }
card-label = { $rank }{ $suit }
meld-kind =
    { $kind ->
        [terz] terz
        [fifty] fifty
       *[hundred] hundred
    }
meld-announced =
    { $top ->
        [seven] seven
        [eight] eight
        [nine] nine
        [ten] ten
        [jack] jack
        [queen] queen
        [king] king
       *[ace] ace
    }-high { $kind ->
        [terz] terz
        [fifty] fifty
       *[hundred] hundred
    }
meld-shown = { $kind } { $cards }
action-pass = pass
action-play = play
action-exchange = exchange the seven
action-redeal = redeal
action-no-redeal = play this hand
action-offer-fifty = offer 50
action-no-fifty-offer = no offer
action-accept-fifty = accept 50
action-decline-fifty = play
action-keep = keep the seven

## The table (group message)

table-title = 🃏 <b>Hand { $number }</b> · { $dealer } deals
table-proposed = Proposed trump: <b>{ $card }</b>
table-proposed-dealer = Proposed trump: <b>{ $card }</b> (the dealer's)
table-freza = Freza (bottom card): <b>{ $card }</b>
table-proposed-number = Proposed trump, card { $number }: <b>{ $card }</b>
table-refused = Refused, set aside: { $cards }
table-proposed-taken = Proposed trump: <b>{ $card }</b> (dealt to the bidder)
table-visyak = ⚖️ <b>Visyak:</b> { $name } plays again with no bidding; only bella counts
table-seven-exchanged = Seven exchanged: { $name } takes { $taken }, { $seven } lies under the stock
table-bids = Bidding: { $bids }
table-bid = { $name } — { $bid }
table-round-two = Round two: the proposed suit can no longer be named.
table-trump = Trump: <b>{ $suit }</b> · { $bidder } plays
table-melds-announced = Announced: { $melds }
table-seat-melds = { $name } — { $melds }
table-melds-won = Best melds (+{ $points }): { $melds }
table-bella = Bella: { $name } (+20)
table-trick = On the table: { $cards }
table-play = { $name } { $card }
table-last-trick = Last trick → { $winner }: { $cards }
table-tricks = Tricks: { $tricks }
table-side-value = { $name } { $value }
table-turn-bid-1 = 👉 { $name } to bid: play or pass?
table-turn-bid-2 = 👉 { $name } to bid: name trump or pass?
table-turn-exchange = 👉 { $name } decides: exchange the trump seven?
table-turn-redeal = 👉 { $name } decides: redeal or play?
table-turn-fifty-offer = 👉 { $name } decides: offer the bidder 50 without play?
table-turn-fifty-answer = 👉 { $name } decides: accept 50 without play?
table-turn-play = 👉 { $name } to play
table-deadline = ⏳ { $time } per move
table-score = Score: { $scores } · playing to { $target }
score-line = Score: { $scores }
table-hanging = Hanging bait: { $points } set aside
table-visyak-pool = Visyak pool at stake: { $points }
table-over = 🏁 The game is over.

## The hand (private message)

hand-title = 🃏 <b>Your cards</b> · hand { $number }
hand-bid-1 = <b>Your call:</b> play with { $suit } as trump, or pass?
hand-bid-1-must = <b>Your call:</b> play with { $suit } as trump — you are the dealer and the dealer is obliged, this is the last card.
hand-bid-2 = <b>Your call:</b> name a trump suit or pass.
hand-bid-2-must = <b>Your call:</b> name a trump suit — you are the dealer and the dealer is obliged, no passing.
hand-exchange = <b>You hold the trump seven.</b> Exchange it for the proposed card { $card }?
hand-redeal = <b>You may claim a redeal</b> (four sevens or a weak hand). Redeal or play?
hand-fifty-offer = <b>Offer { $bidder } 50 points without play?</b> If accepted, you write 0.
hand-fifty-answer = <b>{ $name } offers you 50 points without play.</b> Accept or play?
hand-seven-meld-yes = Your run with the seven beats every meld in the other hands.
hand-seven-meld-no = Your run with the seven does not beat every meld in the other hands.
hand-your-turn = 👉 <b>Your turn!</b>
hand-your-lead = 👉 <b>Your turn!</b> You lead.
hand-own-melds = You hold: { $melds }
hand-waiting = ⏳ Other players' turn — this message updates when it is yours.
btn-play = ✅ Play { $suit }
btn-pass = Pass
btn-suit = { $symbol } { $name }
btn-exchange = 🔄 Exchange the seven for { $card }
btn-keep = Keep it
btn-redeal = 🔁 Redeal
btn-no-redeal = Play
btn-offer-fifty = 🤝 Offer 50
btn-no-fifty-offer = No offer
btn-accept-fifty = 🤝 Accept 50
btn-decline-fifty = Play
btn-card-legal = • { $card }
btn-card = { $card }

## The lobby

lobby-title = 🃏 <b>Debertz — take a seat</b>
lobby-opener = Table opened by { $name }
lobby-rules = 📜 { $rules } · { $length } (details: /rules)
lobby-target = to { $target }
lobby-seat = { $number }. { $name }
lobby-seat-free = { $number }. — free —
lobby-pairs = Pairs (partners sit opposite): { $first } ⚔ { $second }
lobby-need-players = 2 to { $max } players needed. Take a seat!
lobby-ready = Ready to start: { $count ->
        [one] { $count } player
       *[other] { $count } players
    } at the table.
lobby-pairs-hint = Four play in pairs: 1 and 3 against 2 and 4.
lobby-started = ▶️ <b>The game has started.</b> Everyone has their cards in a private chat.
lobby-cancelled = 🛑 The game is cancelled.
btn-join = 🪑 Sit down
btn-leave = 🚶 Leave
btn-add-computer =
    { $kind ->
        [easy] 🤖 + easy
        [medium] 🤖 + medium
        [strong] 🤖 + strong
       *[other] 🤖 + computer
    }
btn-start = ▶️ Start
btn-start-wait = ⏳ Start (2+ needed)
btn-settings = ⚙️ Settings

## Hand results and the score sheet

result-title = 📋 <b>Hand { $number } result</b> · trump { $suit } · bidder: { $bidder }
result-side = <b>{ $name }</b>: { $items } = <b>{ $total }</b>
item-tricks = { $n ->
        [0] no tricks
        [one] { $n } trick
       *[other] { $n } tricks
    }
item-cards = cards { $n }
item-last-trick = last trick { $n }
item-melds = melds { $n }
item-bella = bella { $n }
result-made = ✅ The bidder scored more — everyone writes their own points.
result-bait = ❌ <b>Bait!</b> { $pair ->
        [yes] The bidders sat: their
       *[no] The bidder sat: their
    } { $points } go to the opponents.
result-received = { $name } +{ $points } from the bait
result-claimed = 🏁 The game was claimed mid-hand: each side writes what it had taken so far.
result-fifty = 🤝 The bidder took 50 without playing; the opponents write 0.
result-visyak = ⚖️ <b>Visyak!</b> The bidder tied: the opponents write their points, the bidder's go into the pool ({ $points } now). The next hand is played with no bidding.
result-visyak-won = { $name } collects the visyak pool: +{ $points }
result-hanging = ⚖️ <b>Hanging bait:</b> the bidder tied, their points are set aside. Set aside: { $points }.
result-hanging-won = { $name } collects the hanging bait: +{ $points }
result-bolt = Bolt (no trick taken): { $name } −{ $points }
result-third-bait = Third bait: { $name } −{ $points }
result-written = Written: { $written }
sheet-bait-mark = B
sheet-title = 📒 <b>Score sheet</b> · playing to { $target }
sheet-title-plain = 📒 <b>Score sheet</b>
sheet-hand = #
sheet-elided = …the first hands are not shown: { $count }
sheet-empty = No hands played yet.
sheet-legend = B — bait: the bidder sat.
sheet-visyak-mark = V
sheet-visyak-legend = V — visyak: the bidder tied, their points went into the pool.
btn-review = 🔎 How it was dealt and played
btn-review-result = 📋 Result
btn-review-back = ◀
btn-review-next = ▶
review-title = 🔎 <b>Hand { $number }</b> · { $page }/{ $pages }
review-dealer = Dealt by { $dealer } · face-up card { $card }
review-hand = { $name }: { $cards }
review-hand-unseen = { $name }: { $cards } · not shown: { $count }
review-trick = Trick { $number }: { $cards } → { $winner }
alert-review-not-yet = That hand has not been played yet.
chart-title = Score hand by hand
chart-hand = Hand
chart-caption = 📈 How the score went: one point per hand, B marks a bait.
btn-play-again = 🔁 Play again
msg-rematch-opened = 🔁 { $name } wants another game: the same players in the same seats, the same rules. The others, press “Play again” under the game's result ({ $count } of { $total }).
msg-rematch-confirmed = ✅ { $name } plays again ({ $count } of { $total }).
alert-rematch-confirmed = You are in: waiting for the others.
alert-rematch-already = You have confirmed already.
alert-rematch-only-players = Only those who played this game can start it again.
alert-rematch-busy = A table is being set or a game is on here already.
msg-leave-question = { $name }, leave the game? A computer takes your seat and the game goes on.
msg-leave-choice = Whose seat goes to a computer? The game goes on.
btn-leave-yes = Yes, give up the seat
btn-leave-no = No, play on
msg-leave-not-playing = { $name } is not playing this game.
msg-leave-last = { $name } is the last person at the table; computers need not play on alone. To end the game: /cancel.
msg-leave-only-admin = Only a chat admin can give { $name }'s seat to a computer (or the player, with their own /leave).
msg-left-game = 🚪 { $name } leaves the table; { $computer } plays that seat from now on.
msg-left-private = 🚪 You left the game: a computer plays your seat.
alert-leave-only-self = Only the player or a chat admin can do that.
alert-leave-last = No person would be left at the table. To end the game: /cancel.
alert-leave-done = Done: a computer took the seat.
alert-leave-kept = Playing on.
cmd-leave = Leave the game (a computer takes the seat)
game-over-title = 🏆 <b>Game!</b> { $pair ->
        [yes] { $name } win
       *[no] { $name } wins
    } with { $points }.
game-over-new = Play again: /newgame

## Rules

preset-odessa = Odessa debertz
preset-moscow = Moscow rules
preset-kharkiv = Kharkiv rules
preset-custom = house rules
rules-preset = Rule set: <b>{ $preset }</b>
rules-timeout = Time per move: { $time }, then the bot plays for you.
rule-target = The game goes to <b>{ $value }</b> { $value ->
        [one] point
       *[other] points
    }.
rule-dealer_rotation =
    { $value ->
        [winner] Whoever wrote the most in the last hand deals.
       *[clockwise] The deal passes clockwise.
    }
rule-obligatory_dealer =
    { $value ->
        [yes] Obligatory dealer: in round two the dealer may not pass and must name trump.
       *[no] No obligatory dealer: if everyone passes twice, the cards are redealt.
    }
rule-seven_exchange =
    { $value ->
        [yes] The trump seven may be exchanged for the proposed card (2 or 3 players).
       *[no] The trump seven is not exchanged.
    }
rule-hundred =
    { $value ->
        [yes] Five or more in a row is a hundred (100).
       *[no] No hundred: four or more in a row is a fifty (50).
    }
rule-debertz_wins =
    { $value ->
        [yes] Seven in a row (debertz) wins the game at once.
       *[no] Seven in a row is an ordinary meld and does not win the game at once.
    }
rule-trump_priority =
    { $value ->
        [yes] Between equal melds, the trump meld ranks higher.
       *[no] A trump meld does not outrank an equal plain one — the rule on equal melds below settles the tie.
    }
rule-melds_need_trick =
    { $value ->
        [yes] Melds count only if their side took at least one trick.
       *[no] Melds count even without a trick.
    }
rule-bella_announcement =
    { $value ->
        [first] Bella is announced with the first card of the pair.
       *[second] Bella is announced with the second card of the pair.
    }
rule-first_lead =
    { $value ->
        [bidder] The bidder leads first.
       *[left_of_dealer] The player left of the dealer leads first.
    }
rule-overtrump =
    { $value ->
        [yes] You must beat a trump with a higher trump if you can.
       *[no] You need not beat a trump with a higher one.
    }
rule-hanging_bait =
    { $value ->
        [yes] Hanging bait: on a tie the bidder's points wait for the next hand.
       *[no] A tie for the bidder is a bait.
    }
rule-three_player_bait =
    { $value ->
        [half] With 3 players a bait is always split in half.
        [richer_else_hang] With 3 players a bait goes to the opponent with more points; if they are equal, it waits until one of the two outscores the other.
       *[richer] With 3 players a bait goes to the opponent with more points (equal: split in half).
    }
rule-bolt_penalty =
    { $value ->
        [0] No penalty for a bolt (no trick taken).
       *[other] Bolt (no trick taken): −{ $value }.
    }
rule-third_bait_penalty =
    { $value ->
        [0] No penalty for every third bait.
       *[other] Every third bait costs another −{ $value }.
    }

## Settings

settings-title = ⚙️ <b>Chat settings</b>
settings-language = Language: { $language }
settings-hint = The topics below hold every rule, one screen each. Another target: /settings 701.
settings-page-title = ⚙️ <b>Settings › { $page }</b>
settings-option = • <b>{ $option }</b>: { $value }
    <i>{ $about }</i>
settings-ignored = <i>(no effect now)</i>
settings-custom = Closest to the «{ $base }» set, except: { $changes }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }.
settings-change = { $option } — { $value }
settings-closed-hint = All the rules by topic: /rules. To change them: /settings.
value-yes = yes
value-no = no
btn-back = ⬅️ Back
btn-page-previous = ◀️
btn-page-next = ▶️
alert-settings-conflict = «{ $first }» cannot be combined with «{ $second }»: change «{ $second }» first.
opt-target = To
opt-dealer_rotation = Deal
opt-obligatory_dealer = Obligatory dealer
opt-seven_exchange = Seven exchange
opt-hundred = Hundred
opt-debertz_wins = Debertz wins
opt-trump_priority = Trump meld ranks higher
opt-melds_need_trick = Melds need a trick
opt-bella_announcement = Bella
opt-first_lead = First lead
opt-overtrump = Must overtrump
opt-hanging_bait = Hanging bait
opt-three_player_bait = Bait with 3
opt-bolt_penalty = Bolt
opt-third_bait_penalty = Third bait
value-dealer_rotation-clockwise = clockwise
value-dealer_rotation-winner = hand winner
value-bella_announcement-second = with the second card
value-bella_announcement-first = with the first card
value-first_lead-left_of_dealer = left of the dealer
value-first_lead-bidder = the bidder
value-three_player_bait-richer = to the richer
value-three_player_bait-half = split in half
value-three_player_bait-richer_else_hang = to the richer, else it hangs
opt-round_two = Round two of bidding
value-round_two-name_suit = name another suit
value-round_two-next_card = the next card
value-round_two-next_cards = next cards, in turn
opt-proposed_card = The proposed card
value-proposed_card-stays = stays under the stock
value-proposed_card-to_bidder = goes to the bidder
opt-seven_meld_query = Does the seven's run win
opt-visyak = Visyak
optinfo-round_two = All passed on the proposed card: name another suit, or propose the next card (2–3 players).
optinfo-proposed_card = The proposed card stays under the stock or goes to the bidder with his extras (then no seven exchange).
optinfo-seven_meld_query = Before the exchange, the trump seven's holder learns whether his run with it beats every other meld.
optinfo-visyak = A bidder's tie is a visyak: his points wait, and he plays the next hand for them without bidding.
btn-option-on = ✅ { $label }
btn-option-off = ▫️ { $label }
btn-option-value = { $label }: { $value }
btn-preset = { $current ->
        [yes] ✓ { $name }
       *[no] { $name }
    }
btn-preset-odessa = Odessa
btn-preset-moscow = Moscow
btn-preset-kharkiv = Kharkiv
btn-target = { $current ->
        [yes] ✓ to { $value }
       *[no] to { $value }
    }
btn-language = { $current ->
        [yes] ✓ { $name }
       *[no] { $name }
    }
btn-timeout = { $current ->
        [yes] ✓ ⏳ { $time }
       *[no] ⏳ { $time }
    }
btn-close = Close
language-ru = Русский
language-uk = Українська
language-en = English

## Why not (alerts)

reason-game_over = The game is already over.
reason-not_your_turn = It is not your turn.
reason-wrong_phase =
    { $action ->
        [card] Too early to play a card — bidding comes first.
       *[other] You cannot do that now.
    }
reason-pass_not_allowed = You cannot pass — name a trump suit.
reason-suit_not_allowed = The proposed suit cannot be named in round two — pick another.
reason-dealer_must_name_suit = You are the dealer and the dealer is obliged: no passing, name a trump suit.
reason-dealer_must_play = You are the dealer and the dealer is obliged: this is the last card that can be proposed, so play it.
reason-no_seven_to_exchange = There is no trump seven to exchange now.
reason-card_not_in_hand = You do not have that card.
reason-must_follow_suit = You must follow suit { $suit }.
reason-must_trump = No card of the suit led — you must trump { $suit }.
reason-must_overtrump = You must beat it with a higher trump { $suit }.

## Bot messages

msg-help =
    🃏 <b>Debertz (klabor) on Telegram</b>

    Two, three or four players (four play in pairs, partners sit opposite). The computer fills empty seats.

    <b>How to play</b>
    1. In a group: /newgame opens a table; press “Sit down”.
    2. Your cards come in a private chat: open a chat with me and press /start, or I cannot send you your hand.
    3. Bid and play with the buttons there. Cards marked with a dot are playable; if a card is not, I will tell you why.
    4. The group's table shows trump, tricks, melds and the score. I find the melds myself.

    <b>Commands</b>
    /newgame — open a table
    /score — the score sheet
    /stats — your statistics (in reply to a message: that player's)
    /top — the leaderboard
    /history — the last games and their score sheets
    /rules — this chat's rules
    /settings — settings (rules, language, time per move)
    /cancel — cancel the game
    /notify — whether to ping you here when it is your turn (on/off)
    /help — this help
msg-lobby-exists = A table is already open — join it: { $link }
msg-lobby-exists-nolink = A table is already open — join it in the message above.
msg-game-running = A game is in progress. Score: /score, cancel: /cancel.
msg-lobby-link = the table
msg-joined = 🪑 { $name } takes a seat.
msg-left = 🚶 { $name } leaves the table.
msg-game-started = ▶️ <b>Let's play!</b> { $players }. Everyone gets their cards in a private chat.
msg-cancel-question = Cancel the game? The score will be lost.
btn-cancel-yes = Yes, cancel
btn-cancel-no = No, play on
msg-cancelled = 🛑 The game is cancelled.
msg-cancel-kept = Playing on.
msg-need-private = { $name }, to take a seat, open a chat with me and press /start — that is where I send your cards.
btn-open-private = 💬 Open a chat with the bot
msg-unreachable = ⚠️ { $name }, I cannot write to you privately — open a chat with me and press /start, or I cannot send you your cards.
msg-turn-reminder = ⏰ { $name }, your turn! { $time } left.
msg-turn-ping = 🔔 Your turn! Your cards are in the message above.
msg-notify-on = 🔔 Turn pings are on: when your turn comes, I will write here. Turn them off with /notify.
msg-notify-off = 🔕 Turn pings are off: your turn shows in the message with your cards. Turn them on with /notify.
msg-auto-played = ⏰ { $name } ran out of time — the bot plays for them: { $action }
msg-redeal = 🔁 Everyone passed twice — redeal. { $dealer } deals.
msg-redeal-claimed = 🔁 { $name } claimed a redeal. { $dealer } deals.
msg-only-groups = This command works in a group: add me to a chat with friends and type /newgame there.
msg-private-start =
    👋 Hi, { $name }! I deal the cards and keep the score in Debertz.

    Add me to a group and type /newgame — your cards will come here. Help: /help.
msg-private-joined = ✅ Done: you have a seat in “{ $chat }”. Your cards will come here.
msg-solo = 🃏 We play here: you against the computer. The table and your cards are in this chat.
msg-no-game = There is no game now. Start one: /newgame.
msg-not-a-member = Only members of the group where this table was set up can sit at it. Join the group, then press the button under the invitation again.
msg-anonymous-admin = You are writing on behalf of the group or a channel, so I cannot tell whom to seat or send cards to. Send /newgame as yourself.
alert-stale = This button is out of date.
alert-not-your-game = This is not your game.
alert-game-over = The game is already over.
alert-already-joined = You already have a seat.
alert-table-full = No free seats — the table is full.
alert-not-in-game = You are not at this table.
alert-only-opener = Only the player who opened the table or a chat admin can do that.
alert-need-private = Open a chat with me and press /start first — your cards go there.
alert-joined = You have a seat!
alert-left = You left the table.
alert-need-players = At least 2 players are needed.
alert-saved = Saved.
alert-too-late = Too late: that move has already been made.
alert-game-started = The game has already started.
alert-internal-error = Something went wrong. Please try again.
alert-setting-next-game = Saved — it applies from the next game.
alert-computer-added = A computer player sat down.
alert-started = Let's play!
alert-cancelled = The game is cancelled.
cmd-newgame = New game: gather a table
cmd-score = The game's score sheet
cmd-rules = This chat's rules
cmd-settings = Rule settings
cmd-cancel = Cancel the game
cmd-help = How to play with the bot
cmd-notify = Ping me when it is my turn: on/off
msg-target-saved = 🎯 Playing to { $target }.
msg-target-hint = Send a number: for example /settings 701 plays to 701 (1 to 100000).

## Each for himself, one-hand games, «dave», matches (RULES-VARIANTS §24, §25, §27)

lobby-solo = With four, each plays for himself — no pairs.
action-dave = «dave»
action-concede = concede
action-play-on = play on
table-turn-dave = 👉 { $name } decides: concede or play on?
table-one-hand = 🎯 { $format ->
        [one_hand_bait] One-hand game with bait
       *[other] One-hand game, no bait
    } · stake { $stake }
table-match-game = 🏆 Two-game match: game { $number }
table-match-final = 🏆 Match at 1–1 — final hands, { $left } left
table-match-result = Game { $number }: { $name } ({ $score })
hand-stake = 💰 Stake: { $stake }
hand-dave-offered = 🤝 <b>{ $name } says «dave».</b> Concede { $stake } or play on for { $next }?
btn-dave = 🤝 Dave (for { $next })
btn-concede = 🏳️ Concede (−{ $stake })
btn-play-on = ⚔️ Play on for { $next }
result-played = 🎯 One hand, no bait: each side writes its own points, the higher wins.
game-over-winners = 🏆 <b>Game!</b> { $names } { $count ->
        [one] wins
       *[other] win
    }.
game-over-stakes = 💰 Stakes: { $stakes }
msg-dave-offered = 🤝 { $name }: «dave»! The opponent concedes { $stake } or plays on.
msg-dave-conceded = 🏳️ { $name } concedes and pays { $stake }.
msg-dave-played-on = ⚔️ { $name } plays on — the stake is { $stake }.
msg-match-game = 🏆 <b>Game { $number } of the match</b> — { $name } win ({ $score }). { $next ->
        [3] The match is 1–1: four final hands from zero.
       *[other] Game { $next } starts from zero.
    }
reason-dave_off = «Dave» is not played in this game.
reason-dave_not_now = «Dave» only on your own turn in the play, before your card.
reason-dave_not_yours = The next «dave» belongs to whoever chose to play on.
reason-no_dave_offer = Nobody offered «dave».
opt-four_player_mode = With four
opt-format = Game
opt-dave = Dave
opt-match = Match
value-four_player_mode-pairs = pairs
value-four_player_mode-solo = each for himself
value-format-target = to the target
value-format-one_hand = one hand, no bait
value-format-one_hand_bait = one hand with bait
value-dave-off = off
value-dave-arithmetic = 1, 2, 3, 4…
value-dave-geometric = 1, 2, 4, 8…
value-match-single = one game
value-match-two_rounds = two rounds
optinfo-four_player_mode = With four: pairs (partners opposite) or each for himself.
optinfo-format = A game to the target, or short Debertz: one hand, without bait or with bait for stakes.
optinfo-dave = «Dave» for two in one hand: on your turn, offer the opponent to concede the stake.
optinfo-match = Pairs play two games from zero; at 1–1, four final hands.

## Ratings, statistics, history

stats-title = 📊 <b>{ $name }</b>: statistics
stats-title-here = 📊 <b>{ $name }</b>: statistics in this chat
stats-rating = Rating: <b>{ $rating }</b>
stats-rating-none = Rating: not yet (it comes with the first finished game)
stats-rating-change = The last game: { $change }
stats-games = Games: { $games } · wins: { $wins } ({ $rate }%)
stats-streak = Longest winning streak: { $n }
stats-bids = Hands as bidder: { $bids }, made { $made } ({ $rate }%)
stats-baits = Baits: { $baits } · bolts: { $bolts }
stats-points = Average points per hand: { $points }
stats-best-meld = Best meld: { $meld }
stats-rules-title = By rule set:
stats-rules-line = • { $rules }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
stats-none = { $name } has not finished a game with me yet.
stats-none-here = { $name } has not finished a game in this chat yet.
stats-bot = Bots and computer players have no statistics: reply to a person's message.
stats-anonymous = You are writing on behalf of the group or a channel, so I cannot tell whose statistics to show. Send /stats as yourself.
top-title = 🏆 <b>Leaderboard</b> (all chats)
top-title-here = 🏆 <b>Leaderboard of this chat</b>
top-line = { $place }. { $name } — <b>{ $rating }</b> · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
top-footer = <i>Players are listed from { $n } finished games. A newcomer's rating is 1000; it rises with wins.</i>
top-empty = Nobody has finished { $n } games here yet — the leaderboard lists players from { $n } games on.
history-title = 📜 <b>Last games</b> — press a number for the score sheet
history-line = { $number }. { $date } · { $players } · { $rules }
history-side = { $name } { $score }
history-side-winner = 🏆 <b>{ $name }</b> { $score }
history-empty = No finished games in this chat yet. Start one: /newgame.
history-game = 📜 <b>The game of { $date }</b>
btn-history-back = ◀ All games
cmd-top = The leaderboard
cmd-stats = My statistics (in reply: that player's)
cmd-history = The last games and their score sheets

## The strong player's advice in a solo game: the 💡 hint and the review after a hand

btn-hint = 💡 Hint
alert-hint-thinking = 💡 Thinking it over: the hint appears in your cards' message.
alert-hint-busy = 💡 Still thinking: the hint appears in your cards' message.
hint-line = 💡 <b>{ $action }</b>: { $why } — { $points } better on average than { $other }, over { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    }.
hint-line-short = 💡 <b>{ $action }</b>: { $why }.
why-only = the only choice
why-bid = the hand is worth playing
why-pass = the hand is not worth playing
why-exchange = the proposed card is worth more than the seven
why-keep = the seven is better kept
why-draw-trumps = draws trumps
why-cash = the highest card left in its suit takes the trick
why-lead = the best lead
why-win = takes the trick
why-ruff = trumps the trick
why-feed = points onto the partner's trick
why-duck = gives the trick up cheaply and keeps the stronger cards
why-other = the best on average
mistakes-title = 🔍 <b>Hand { $number }: the decisions that cost the most</b>
mistakes-line = { $number }. { $when }: you chose { $played }; the strong player would choose <b>{ $best }</b> ({ $why }), about { $points } better.
mistakes-when-trick = trick { $trick }
mistakes-when-bidding = bidding
mistakes-when-other = the deal
