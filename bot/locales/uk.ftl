# Деберц (клабор): українські тексти бота.
#
# Ключі на btn-, alert-, reason-, card-, suit-, rank-, meld-, name-, action-, item-, opt-,
# value-, preset-, language-, duration-, а також points, sheet-bait-mark, sheet-visyak-mark, sheet-hand —
# простий текст (кнопки, спливні підказки, імена): без HTML-розмітки.
# Решта — HTML (parse_mode HTML): розмітка лише <b>, <i>, <a>.
# Минулий час з ім'ям гравця не годиться (рід невідомий): «ходить Аня», «Аня: пас».

## Загальне

points =
    { $n ->
        [one] { $n } очко
        [few] { $n } очка
       *[many] { $n } очок
    }
duration-seconds = { $n } с
duration-minutes = { $n } хв
name-pair = { $first } і { $second }
name-numbered = { $name } { $number }
name-computer =
    { $kind ->
        [easy] 🤖 Комп'ютер (легкий)
        [medium] 🤖 Комп'ютер (середній)
        [strong] 🤖 Комп'ютер (сильний)
        [heuristic] 🤖 Комп'ютер (легкий)
        [search] 🤖 Комп'ютер (сильний)
       *[other] 🤖 Комп'ютер
    }
versus = { $first } ⚔ { $second }

## Карти

rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-j = В
rank-q = Д
rank-k = К
rank-a = Т
suit-spades = піки
suit-clubs = трефи
suit-diamonds = бубни
suit-hearts = чирви
suit-label = { $symbol } { $name }
card-label = { $rank }{ $suit }
meld-kind =
    { $kind ->
        [terz] терц
        [fifty] полтинник
       *[hundred] сотня
    }
meld-announced =
    { $kind ->
        [terz] терц
        [fifty] полтинник
       *[hundred] сотня
    } від { $top ->
        [seven] сімки
        [eight] вісімки
        [nine] дев'ятки
        [ten] десятки
        [jack] валета
        [queen] дами
        [king] короля
       *[ace] туза
    }
meld-shown = { $kind } { $cards }
action-pass = пас
action-play = граю
action-exchange = обміняти сімку
action-redeal = перездача
action-no-redeal = грати цю роздачу
action-offer-fifty = запропонувати 50
action-no-fifty-offer = без пропозиції
action-accept-fifty = прийняти 50
action-decline-fifty = грати
action-keep = залишити сімку

## Стіл (повідомлення в групі)

table-title = 🃏 <b>Здача { $number }</b> · здає { $dealer }
table-proposed = Відкрита карта: <b>{ $card }</b>
table-proposed-dealer = Відкрита карта: <b>{ $card }</b> (у здавача)
table-freza = Фреза: <b>{ $card }</b>
table-proposed-number = Відкрита карта № { $number }: <b>{ $card }</b>
table-refused = Відмовились, відкладено: { $cards }
table-proposed-taken = Відкрита карта: <b>{ $card }</b> (пішла в руку граючому)
table-visyak = ⚖️ <b>Висяк:</b> { $name } грає знову, без торгу; рахується лише белла
table-seven-exchanged = Сімку обміняно: { $name } забирає { $taken }, під колодою { $seven }
table-bids = Торгівля: { $bids }
table-bid = { $name } — { $bid }
table-round-two = Друге коло: масть відкритої карти вже не назвати.
table-trump = Козир: <b>{ $suit }</b> · грає { $bidder }
table-melds-announced = Оголошено: { $melds }
table-seat-melds = { $name } — { $melds }
table-melds-won = Старші комбінації (+{ $points }): { $melds }
table-bella = Белла: { $name } (+20)
table-trick = На столі: { $cards }
table-play = { $name } { $card }
table-last-trick = Попередній хабар → { $winner }: { $cards }
table-tricks = Хабарі: { $tricks }
table-side-value = { $name } { $value }
table-turn-bid-1 = 👉 Вирішує { $name }: грати чи пас?
table-turn-bid-2 = 👉 Вирішує { $name }: назвати козир чи пас?
table-turn-exchange = 👉 Вирішує { $name }: обміняти козирну сімку?
table-turn-redeal = 👉 Вирішує { $name }: перездача чи грати?
table-turn-fifty-offer = 👉 Вирішує { $name }: запропонувати гравцю 50 без розіграшу?
table-turn-fifty-answer = 👉 Вирішує { $name }: прийняти 50 без розіграшу?
table-turn-play = 👉 Ходить { $name }
table-deadline = ⏳ { $time } на хід
table-score = Рахунок: { $scores } · до { $target }
score-line = Рахунок: { $scores }
table-hanging = Висячий байд: відкладено { $points }
table-visyak-pool = Висяк: на кону { $points }
table-over = 🏁 Партію закінчено.

## Рука (особисте повідомлення)

hand-title = 🃏 <b>Ваші карти</b> · здача { $number }
hand-bid-1 = <b>Ваше слово:</b> граєте з козирем { $suit } чи пас?
hand-bid-1-must = <b>Ваше слово:</b> грайте з козирем { $suit } — ви здавач, граємо з обов'язком, це остання карта.
hand-bid-2 = <b>Ваше слово:</b> назвіть козир або скажіть пас.
hand-bid-2-must = <b>Ваше слово:</b> назвіть козир — ви здавач, граємо з обов'язком, пасувати не можна.
hand-exchange = <b>У вас козирна сімка.</b> Обміняти її на відкриту карту { $card }?
hand-redeal = <b>Можна вимагати перездачу</b> (чотири сімки або слабка карта). Перездати чи грати?
hand-fifty-offer = <b>Запропонувати { $bidder } записати 50 без розіграшу?</b> Якщо погодиться, ви пишете 0.
hand-fifty-answer = <b>{ $name } пропонує вам 50 без розіграшу.</b> Прийняти чи грати?
hand-seven-meld-yes = Ваша комбінація із сімкою старша за всі комбінації на інших руках.
hand-seven-meld-no = Ваша комбінація із сімкою не старша за всі комбінації на інших руках.
hand-your-turn = 👉 <b>Ваш хід!</b>
hand-your-lead = 👉 <b>Ваш хід!</b> Ви заходите.
hand-own-melds = У вас: { $melds }
hand-waiting = ⏳ Черга інших гравців — коли дійде до вас, це повідомлення оновиться.
btn-play = ✅ Граю { $suit }
btn-pass = Пас
btn-suit = { $symbol } { $name }
btn-exchange = 🔄 Обміняти сімку на { $card }
btn-keep = Залишити
btn-redeal = 🔁 Перездача
btn-no-redeal = Грати
btn-offer-fifty = 🤝 Запропонувати 50
btn-no-fifty-offer = Не пропонувати
btn-accept-fifty = 🤝 Прийняти 50
btn-decline-fifty = Грати
btn-card-legal = • { $card }
btn-card = { $card }

## Збираємо стіл

lobby-title = 🃏 <b>Деберц — збираємо стіл</b>
lobby-opener = Стіл збирає { $name }
lobby-rules = 📜 { $rules } · { $length } (докладніше — /rules)
lobby-target = до { $target }
lobby-seat = { $number }. { $name }
lobby-seat-free = { $number }. — вільно —
lobby-pairs = Пари (партнери сидять навпроти): { $first } ⚔ { $second }
lobby-need-players = Потрібно від 2 до { $max } гравців. Сідайте!
lobby-ready = Можна починати: { $count ->
        [one] { $count } гравець
        [few] { $count } гравці
       *[many] { $count } гравців
    } за столом.
lobby-pairs-hint = Учотирьох грають пари: 1 і 3 проти 2 і 4.
lobby-started = ▶️ <b>Партія почалася.</b> Карти — в особистих повідомленнях.
lobby-cancelled = 🛑 Партію скасовано.
btn-join = 🪑 Сісти
btn-leave = 🚶 Встати
btn-add-computer =
    { $kind ->
        [easy] 🤖 + легкий
        [medium] 🤖 + середній
        [strong] 🤖 + сильний
       *[other] 🤖 + комп'ютер
    }
btn-start = ▶️ Почати
btn-start-wait = ⏳ Почати (треба 2+)
btn-settings = ⚙️ Налаштування

## Підсумки здачі та запис

result-title = 📋 <b>Підсумки здачі { $number }</b> · козир { $suit } · граючий: { $bidder }
result-side = <b>{ $name }</b>: { $items } = <b>{ $total }</b>
item-tricks = { $n ->
        [0] без хабарів
        [one] { $n } хабар
        [few] { $n } хабарі
       *[many] { $n } хабарів
    }
item-cards = карти { $n }
item-last-trick = остання взятка { $n }
item-melds = комбінації { $n }
item-bella = белла { $n }
result-made = ✅ Граючий набрав більше — кожен пише своє.
result-bait = ❌ <b>Байд!</b> { $pair ->
        [yes] Граючі «сіли»: їхні
       *[no] Граючий «сів»: його
    } { $points } ідуть суперникам.
result-received = { $name } +{ $points } за байд
result-claimed = 🏁 Партію заявлено посеред роздачі: кожен пише набране до цієї взятки.
result-fifty = 🤝 Граючий прийняв 50 без розіграшу, суперники пишуть 0.
result-visyak = ⚖️ <b>Висяк!</b> У граючого нічия: суперники пишуть свої очки, очки граючого йдуть у висяк (тепер { $points }). Наступна здача — без торгу.
result-visyak-won = Висяк забирає { $name }: +{ $points }
result-hanging = ⚖️ <b>Висячий байд:</b> у граючого нічия, його очки відкладаються. Відкладено: { $points }.
result-hanging-won = Висячий байд забирає { $name }: +{ $points }
result-bolt = Болт (жодного хабаря): { $name } −{ $points }
result-third-bait = Третій байд: { $name } −{ $points }
result-written = Пишемо: { $written }
sheet-bait-mark = Б
sheet-title = 📒 <b>Запис партії</b> · до { $target }
sheet-title-plain = 📒 <b>Запис партії</b>
sheet-hand = №
sheet-elided = …перші здачі не показано: { $count }
sheet-empty = Здач ще не було.
sheet-legend = Б — байд: граючий «сів».
sheet-visyak-mark = В
sheet-visyak-legend = В — висяк: у граючого нічия, його очки пішли у висяк.
btn-review = 🔎 Як роздали і зіграли
btn-review-result = 📋 Підсумки
btn-review-back = ◀
btn-review-next = ▶
review-title = 🔎 <b>Роздача { $number }</b> · { $page }/{ $pages }
review-dealer = Роздавав { $dealer } · відкрита карта { $card }
review-hand = { $name }: { $cards }
review-hand-unseen = { $name }: { $cards } · не показано: { $count }
review-trick = Хабар { $number }: { $cards } → { $winner }
alert-review-not-yet = Роздачу ще не зіграно.
chart-title = Рахунок по роздачах
chart-hand = Роздача
chart-caption = 📈 Як ішов рахунок: по точці на роздачу, Б — байд.
btn-play-again = 🔁 Ще партію
msg-rematch-opened = 🔁 { $name } кличе зіграти ще: ті самі гравці на тих самих місцях, ті самі правила. Решта — натисніть «Ще партію» під підсумком партії ({ $count } з { $total }).
msg-rematch-confirmed = ✅ { $name } грає ще ({ $count } з { $total }).
alert-rematch-confirmed = Ви в грі — чекаємо решту.
alert-rematch-already = Ви вже підтвердили.
alert-rematch-only-players = Ще партію починають ті, хто грав цю.
alert-rematch-busy = Тут уже збирають стіл або йде партія.
msg-leave-question = { $name }, вийти з партії? Ваше місце займе комп'ютер, партія триватиме.
msg-leave-choice = Чиє місце віддати комп'ютеру? Партія триватиме.
btn-leave-yes = Так, віддати місце
btn-leave-no = Ні, граємо
msg-leave-not-playing = { $name } не грає в цій партії.
msg-leave-last = { $name } — остання людина за столом, комп'ютерам самим грати нема чого. Закінчити партію — /cancel.
msg-leave-only-admin = Віддати місце { $name } комп'ютеру може тільки адмін чату (або сам гравець — своєю командою /leave).
msg-left-game = 🚪 { $name } залишає стіл; далі за це місце грає { $computer }.
msg-left-private = 🚪 Ви вийшли з партії: за ваше місце грає комп'ютер.
alert-leave-only-self = Це може тільки сам гравець або адмін чату.
alert-leave-last = За столом не залишиться жодної людини. Закінчити партію — /cancel.
alert-leave-done = Готово: місце зайняв комп'ютер.
alert-leave-kept = Граємо далі.
cmd-leave = Вийти з партії (місце займе комп'ютер)
game-over-title = 🏆 <b>Партія!</b> { $pair ->
        [yes] Перемагають { $name }
       *[no] Перемагає { $name }
    } — { $points }.
game-over-new = Зіграти ще — /newgame

## Правила

preset-odessa = одеський деберц
preset-moscow = московські правила
preset-kharkiv = харківські правила
preset-custom = свої правила
rules-preset = Набір: <b>{ $preset }</b>
rules-timeout = На хід: { $time }, потім за гравця ходить бот.
rule-target = Партія до <b>{ $value }</b> { $value ->
        [one] очка
       *[other] очок
    }.
rule-dealer_rotation =
    { $value ->
        [winner] Здає той, хто більше записав у минулій здачі.
       *[clockwise] Здають по колу.
    }
rule-obligatory_dealer =
    { $value ->
        [yes] З обов'язком: у другому колі здавач не може пасувати й мусить назвати козир.
       *[no] Без обов'язку: якщо всі двічі спасували — перездача.
    }
rule-seven_exchange =
    { $value ->
        [yes] Козирну сімку можна обміняти на відкриту карту (удвох і втрьох).
       *[no] Козирну сімку не міняють.
    }
rule-hundred =
    { $value ->
        [yes] П'ять карт поспіль і більше — сотня (100).
       *[no] Сотні немає: чотири поспіль і більше — полтинник (50).
    }
rule-debertz_wins =
    { $value ->
        [yes] Сім карт поспіль (деберц) — одразу виграш партії.
       *[no] Сім поспіль — звичайна комбінація, партію одразу не виграє.
    }
rule-trump_priority =
    { $value ->
        [yes] За рівних комбінацій старша козирна.
       *[no] Козирна комбінація не старша за рівну некозирну — нічию вирішує правило про рівні комбінації нижче.
    }
rule-melds_need_trick =
    { $value ->
        [yes] Комбінації рахуються, лише якщо взято хоч один хабар.
       *[no] Комбінації рахуються й без хабарів.
    }
rule-bella_announcement =
    { $value ->
        [first] Беллу оголошують з першою картою пари.
       *[second] Беллу оголошують з другою картою пари.
    }
rule-first_lead =
    { $value ->
        [bidder] Першим ходить граючий.
       *[left_of_dealer] Першим ходить гравець ліворуч від здавача.
    }
rule-overtrump =
    { $value ->
        [yes] Козир треба перебивати старшим козирем, якщо він є.
       *[no] Перебивати козир старшим не обов'язково.
    }
rule-hanging_bait =
    { $value ->
        [yes] Висячий байд: за нічиєї очки граючого чекають наступної здачі.
       *[no] Нічия в граючого — це байд.
    }
rule-three_player_bait =
    { $value ->
        [half] Утрьох очки того, хто сів, завжди діляться навпіл.
        [richer_else_hang] Утрьох очки того, хто сів, отримує суперник, у якого більше; порівну — вони чекають, доки один із двох не набере більше за іншого.
       *[richer] Утрьох очки того, хто сів, отримує суперник, у якого більше (порівну — навпіл).
    }
rule-bolt_penalty =
    { $value ->
        [0] За болт (жодного хабаря) не штрафують.
       *[other] Болт (жодного хабаря): −{ $value }.
    }
rule-third_bait_penalty =
    { $value ->
        [0] За третій байд не штрафують.
       *[other] Кожен третій байд: ще −{ $value }.
    }

## Налаштування

settings-title = ⚙️ <b>Налаштування чату</b>
settings-language = Мова: { $language }
settings-hint = Розділи нижче — усі правила, по одному екрану. Інша мета партії: /settings 701.
settings-page-title = ⚙️ <b>Налаштування › { $page }</b>
settings-option = • <b>{ $option }</b>: { $value }
    <i>{ $about }</i>
settings-ignored = <i>(зараз не діє)</i>
settings-custom = Найближче до набору «{ $base }», але: { $changes }{ $more ->
        [0] {""}
       *[other] {" "}і ще { $more }
    }.
settings-change = { $option } — { $value }
settings-closed-hint = Усі правила за розділами: /rules. Змінити: /settings.
value-yes = так
value-no = ні
btn-back = ⬅️ Назад
btn-page-previous = ◀️
btn-page-next = ▶️
alert-settings-conflict = «{ $first }» не поєднується з «{ $second }»: спершу змініть «{ $second }».
opt-target = До
opt-dealer_rotation = Здача
opt-obligatory_dealer = З обов'язком
opt-seven_exchange = Обмін сімки
opt-hundred = Сотня
opt-debertz_wins = Деберц виграє
opt-trump_priority = Козирна старша
opt-melds_need_trick = Комбінації лише з хабарем
opt-bella_announcement = Белла
opt-first_lead = Перший хід
opt-overtrump = Перебивати козир
opt-hanging_bait = Висячий байд
opt-three_player_bait = Байд утрьох
opt-bolt_penalty = Болт
opt-third_bait_penalty = Третій байд
value-dealer_rotation-clockwise = по колу
value-dealer_rotation-winner = переможець здачі
value-bella_announcement-second = з другою картою
value-bella_announcement-first = з першою картою
value-first_lead-left_of_dealer = ліворуч від здавача
value-first_lead-bidder = граючий
value-three_player_bait-richer = тому, в кого більше
value-three_player_bait-half = навпіл
value-three_player_bait-richer_else_hang = тому, в кого більше, інакше висять
opt-round_two = Друге коло торгу
value-round_two-name_suit = назвати іншу масть
value-round_two-next_card = відкрити наступну карту
value-round_two-next_cards = наступні, поки є
opt-proposed_card = Відкрита карта
value-proposed_card-stays = лишається під колодою
value-proposed_card-to_bidder = йде граючому
opt-seven_meld_query = Чи проходить терц із 7
opt-visyak = Висяк
optinfo-round_two = Усі спасували на відкриту карту: назвати іншу масть або відкрити наступну карту (2–3 гравці).
optinfo-proposed_card = Відкрита карта лишається під колодою або йде граючому в прикуп (тоді без обміну сімки).
optinfo-seven_meld_query = Власнику козирної сімки перед обміном кажуть, чи старша його комбінація з нею за всі чужі.
optinfo-visyak = Нічия в граючого — висяк: його очки чекають, і він сам без торгу грає за них наступну здачу.
btn-option-on = ✅ { $label }
btn-option-off = ▫️ { $label }
btn-option-value = { $label }: { $value }
btn-preset = { $current ->
        [yes] ✓ { $name }
       *[no] { $name }
    }
btn-preset-odessa = Одеса
btn-preset-moscow = Москва
btn-preset-kharkiv = Харків
btn-target = { $current ->
        [yes] ✓ до { $value }
       *[no] до { $value }
    }
btn-language = { $current ->
        [yes] ✓ { $name }
       *[no] { $name }
    }
btn-timeout = { $current ->
        [yes] ✓ ⏳ { $time }
       *[no] ⏳ { $time }
    }
btn-close = Закрити
language-ru = Русский
language-uk = Українська
language-en = English

## Чому не можна (спливні підказки)

reason-game_over = Партію вже закінчено.
reason-not_your_turn = Зараз не ваш хід.
reason-wrong_phase =
    { $action ->
        [card] Ходити картою ще зарано — спершу торгівля.
       *[other] Зараз цього зробити не можна.
    }
reason-pass_not_allowed = Пасувати не можна — назвіть козир.
reason-suit_not_allowed = Масть відкритої карти в другому колі не називають — оберіть іншу.
reason-dealer_must_name_suit = Ви здавач, граємо з обов'язком: пасувати не можна, назвіть козир.
reason-dealer_must_play = Ви здавач, граємо з обов'язком: це остання карта, яку можна відкрити, — грайте її.
reason-no_seven_to_exchange = Зараз немає козирної сімки для обміну.
reason-card_not_in_hand = Цієї карти у вас немає.
reason-must_follow_suit = Треба ходити в масть { $suit }.
reason-must_trump = Масті немає — треба бити козирем { $suit }.
reason-must_overtrump = Треба перебити старшим козирем { $suit }.

## Повідомлення бота

msg-help =
    🃏 <b>Деберц (клабор) у Telegram</b>

    Граємо удвох, утрьох або вчотирьох (парами — партнери сидять навпроти). Вільні місця займе комп'ютер.

    <b>Як грати</b>
    1. У групі: /newgame — відкриється стіл, тисніть «Сісти».
    2. Карти приходять в особисті: відкрийте чат зі мною й натисніть /start, інакше я не зможу надіслати вам карти.
    3. Торгівля й ходи — кнопками в особистих. Ходити можна картами, позначеними крапкою; якщо карту не можна — я скажу чому.
    4. На столі в групі видно козир, хабарі, комбінації й рахунок. Комбінації я знаходжу сам.

    <b>Команди</b>
    /newgame — зібрати стіл
    /score — запис партії
    /stats — ваша статистика (у відповідь на повідомлення — того гравця)
    /top — таблиця лідерів
    /history — останні партії та їхні записи
    /rules — правила цього чату
    /settings — налаштування (правила, мова, час на хід)
    /cancel — скасувати партію
    /notify — чи нагадувати в особистих, що ваш хід (увімк/вимк)
    /help — ця довідка
msg-lobby-exists = Стіл уже збирається — приєднуйтеся: { $link }
msg-lobby-exists-nolink = Стіл уже збирається — приєднуйтеся в повідомленні вище.
msg-game-running = Партія вже йде. Рахунок — /score, скасувати — /cancel.
msg-lobby-link = до столу
msg-joined = 🪑 { $name } за столом.
msg-left = 🚶 { $name } встає з-за столу.
msg-game-started = ▶️ <b>Починаємо!</b> { $players }. Карти — в особистих у кожного.
msg-cancel-question = Скасувати партію? Рахунок не збережеться.
btn-cancel-yes = Так, скасувати
btn-cancel-no = Ні, граємо
msg-cancelled = 🛑 Партію скасовано.
msg-cancel-kept = Граємо далі.
msg-need-private = { $name }, щоб сісти за стіл, відкрийте чат зі мною й натисніть /start — туди я надішлю ваші карти.
btn-open-private = 💬 Відкрити чат із ботом
msg-unreachable = ⚠️ { $name }, не можу написати вам в особисті — відкрийте чат зі мною й натисніть /start, інакше я не зможу надіслати карти.
msg-turn-reminder = ⏰ { $name }, ваш хід! Залишилося { $time }.
msg-turn-ping = 🔔 Ваш хід! Карти — у повідомленні вище.
msg-notify-on = 🔔 Нагадування про хід увімкнено: коли дійде ваша черга, я напишу сюди. Вимкнути — /notify.
msg-notify-off = 🔕 Нагадування про хід вимкнено: черга видна в повідомленні з картами. Увімкнути — /notify.
msg-auto-played = ⏰ { $name } не встигає — бот ходить за гравця: { $action }
msg-redeal = 🔁 Усі двічі спасували — перездача. Здає { $dealer }.
msg-redeal-claimed = 🔁 { $name } вимагає перездачу. Здає { $dealer }.
msg-only-groups = Ця команда працює в групі: додайте мене в чат із друзями й наберіть там /newgame.
msg-private-start =
    👋 Привіт, { $name }! Я здаю карти й веду рахунок у деберц.

    Додайте мене в групу й наберіть /newgame — ваші карти приходитимуть сюди. Довідка — /help.
msg-private-joined = ✅ Готово: ви за столом у «{ $chat }». Карти прийдуть сюди.
msg-solo = 🃏 Граємо тут: ви проти комп'ютера. Стіл і ваші карти — в цьому чаті.
msg-no-game = Зараз партії немає. Почати — /newgame.
msg-not-a-member = Сісти за цей стіл можуть лише учасники групи, де його зібрали. Вступіть до групи — і натисніть кнопку під запрошенням ще раз.
msg-anonymous-admin = Ви пишете від імені групи чи каналу — тож я не знаю, кого посадити за стіл і кому надіслати карти. Напишіть /newgame від свого імені.
alert-stale = Ця кнопка застаріла.
alert-not-your-game = Це не ваша партія.
alert-game-over = Партію вже закінчено.
alert-already-joined = Ви вже за столом.
alert-table-full = Місць немає — стіл повний.
alert-not-in-game = Ви не за цим столом.
alert-only-opener = Це може лише той, хто зібрав стіл, або адмін чату.
alert-need-private = Спершу відкрийте чат зі мною й натисніть /start — туди прийдуть ваші карти.
alert-joined = Ви за столом!
alert-left = Ви встали з-за столу.
alert-need-players = Потрібно хоча б 2 гравці.
alert-saved = Збережено.
alert-too-late = Запізно: цей хід уже зроблено.
alert-game-started = Партія вже почалася.
alert-internal-error = Щось пішло не так. Спробуйте ще раз.
alert-setting-next-game = Збережено — діятиме з наступної партії.
alert-computer-added = Комп'ютер сів за стіл.
alert-started = Починаємо!
alert-cancelled = Партію скасовано.
cmd-newgame = Нова партія: зібрати стіл
cmd-score = Рахунок партії
cmd-rules = Правила цього чату
cmd-settings = Налаштування правил
cmd-cancel = Скасувати партію
cmd-help = Як грати з ботом
cmd-notify = Нагадувати про хід: увімк/вимк
msg-target-saved = 🎯 Граємо до { $target }.
msg-target-hint = Напишіть число: наприклад, /settings 701 — граємо до 701 (від 1 до 100000).

## Кожен сам за себе, в одну здачу, «даве», матч (RULES-VARIANTS §24, §25, §27)

lobby-solo = Учотирьох кожен сам за себе — без пар.
action-dave = «даве»
action-concede = здаюся
action-play-on = граємо далі
table-turn-dave = 👉 Вирішує { $name }: здатися чи грати далі?
table-one-hand = 🎯 { $format ->
        [one_hand_bait] Партія в одну здачу з байдом
       *[other] Партія в одну здачу без байду
    } · ставка { $stake }
table-match-game = 🏆 Матч із двох партій: триває партія { $number }
table-match-final = 🏆 Матч 1:1 — заключні здачі, лишилося { $left }
table-match-result = Партія { $number }: { $name } ({ $score })
hand-stake = 💰 Ставка: { $stake }
hand-dave-offered = 🤝 <b>{ $name } каже «даве».</b> Здатися й віддати { $stake } чи грати далі на { $next }?
btn-dave = 🤝 Даве (на { $next })
btn-concede = 🏳️ Здаюся (−{ $stake })
btn-play-on = ⚔️ Граємо на { $next }
result-played = 🎯 В одну здачу без байду: кожен пише своє, виграє більший.
game-over-winners = 🏆 <b>Партія!</b> { $count ->
        [one] Перемагає
       *[other] Перемагають
    } { $names }.
game-over-stakes = 💰 Ставки: { $stakes }
msg-dave-offered = 🤝 { $name }: «даве»! Суперник здається за { $stake } або грає далі.
msg-dave-conceded = 🏳️ { $name } здається й віддає { $stake }.
msg-dave-played-on = ⚔️ { $name } грає далі — ставка { $stake }.
msg-match-game = 🏆 <b>Партія { $number } матчу</b> — перемагають { $name } ({ $score }). { $next ->
        [3] Рахунок у матчі 1:1 — граємо чотири заключні здачі з нуля.
       *[other] Починаємо партію { $next } з нуля.
    }
reason-dave_off = У цій партії «даве» не грають.
reason-dave_not_now = «Даве» кажуть лише у свій хід у розіграші, до карти.
reason-dave_not_yours = Наступне «даве» — за тим, хто погодився грати далі.
reason-no_dave_offer = «Даве» ніхто не пропонував.
opt-four_player_mode = Учотирьох
opt-format = Партія
opt-dave = Даве
opt-match = Матч
value-four_player_mode-pairs = пара на пару
value-four_player_mode-solo = кожен сам за себе
value-format-target = до рахунку
value-format-one_hand = в одну здачу без байду
value-format-one_hand_bait = в одну здачу з байдом
value-dave-off = ні
value-dave-arithmetic = 1, 2, 3, 4…
value-dave-geometric = 1, 2, 4, 8…
value-match-single = одна партія
value-match-two_rounds = два раунди
optinfo-four_player_mode = Учотирьох: пара на пару (партнери навпроти) або кожен сам за себе.
optinfo-format = Партія до рахунку або короткий деберц в одну здачу — без байду чи з байдом на ставку.
optinfo-dave = «Даве» вдвох в одну здачу: у свій хід запропонувати суперникові здатися за ставку.
optinfo-match = Пари грають дві партії з нуля; при 1:1 — чотири заключні здачі.

## Рейтинг, статистика, історія

stats-title = 📊 <b>{ $name }</b>: статистика
stats-title-here = 📊 <b>{ $name }</b>: статистика в цьому чаті
stats-rating = Рейтинг: <b>{ $rating }</b>
stats-rating-none = Рейтинг: поки немає (з'явиться після першої зіграної партії)
stats-rating-change = За останню партію: { $change }
stats-games = Партій: { $games } · перемог: { $wins } ({ $rate }%)
stats-streak = Найдовша серія перемог: { $n }
stats-bids = Здач граючим: { $bids }, зіграно { $made } ({ $rate }%)
stats-baits = Байдів: { $baits } · болтів: { $bolts }
stats-points = У середньому очок за здачу: { $points }
stats-best-meld = Найкраща комбінація: { $meld }
stats-rules-title = За правилами:
stats-rules-line = • { $rules }: партій { $games }, перемог { $wins }
stats-none = { $name } ще не дограв(-ла) зі мною жодної партії.
stats-none-here = { $name } ще не дограв(-ла) жодної партії в цьому чаті.
stats-bot = У ботів і комп'ютерних гравців немає статистики: відповідайте на повідомлення людини.
stats-anonymous = Ви пишете від імені групи чи каналу, тож я не знаю, чию статистику показати. Надішліть /stats від себе.
top-title = 🏆 <b>Таблиця лідерів</b> (усі чати)
top-title-here = 🏆 <b>Таблиця лідерів цього чату</b>
top-line = { $place }. { $name } — <b>{ $rating }</b> · партій { $games }, перемог { $wins }
top-footer = <i>У таблиці — гравці від { $n } зіграних партій. Рейтинг новачка — 1000, з перемогами він зростає.</i>
top-empty = Поки ніхто не зіграв тут { $n } { $n ->
        [one] партію
        [few] партії
       *[other] партій
    } — до таблиці потрапляють від { $n } зіграних партій.
history-title = 📜 <b>Останні партії</b> — натисніть номер, щоб побачити запис
history-line = { $number }. { $date } · { $players } · { $rules }
history-side = { $name } { $score }
history-side-winner = 🏆 <b>{ $name }</b> { $score }
history-empty = У цьому чаті ще немає зіграних партій. Почати: /newgame.
history-game = 📜 <b>Партія { $date }</b>
btn-history-back = ◀ Усі партії
cmd-top = Таблиця лідерів
cmd-stats = Моя статистика (у відповідь — того гравця)
cmd-history = Останні партії та їхні записи

## Порада сильного гравця в партії сам на сам з ботом: підказка 💡 і розбір після здачі

btn-hint = 💡 Підказка
alert-hint-thinking = 💡 Думаю: підказка з'явиться в повідомленні з картами.
alert-hint-busy = 💡 Ще думаю: підказка з'явиться в повідомленні з картами.
hint-line = 💡 <b>{ $action }</b>: { $why } — у середньому на { $points } краще, ніж { $other }, на { $deals ->
        [one] { $deals } розкладі
       *[other] { $deals } розкладах
    }.
hint-line-short = 💡 <b>{ $action }</b>: { $why }.
why-only = іншого ходу немає
why-bid = рука варта гри
why-pass = рука не варта гри
why-exchange = відкрита карта цінніша за сімку
why-keep = сімку краще залишити
why-draw-trumps = тягне козирі
why-cash = найстарша карта масті, що лишилася, бере хабар
why-lead = найкращий захід
why-win = бере хабар
why-ruff = б'є козирем
why-feed = очки в хабар партнера
why-duck = дешево віддає хабар і береже старші карти
why-other = найкраще в середньому
mistakes-title = 🔍 <b>Здача { $number }: рішення, що коштували найбільше</b>
mistakes-line = { $number }. { $when }: ви обрали { $played }; сильний гравець обрав би <b>{ $best }</b> ({ $why }), приблизно на { $points } краще.
mistakes-when-trick = хабар { $trick }
mistakes-when-bidding = торгівля
mistakes-when-other = здача
