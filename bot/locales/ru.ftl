# Деберц (клабор): русские тексты бота. Язык по умолчанию.
#
# Ключи на btn-, alert-, reason-, card-, suit-, rank-, meld-, name-, action-, item-, opt-,
# value-, preset-, language-, duration-, а также points, sheet-bait-mark, sheet-visyak-mark, sheet-hand —
# простой текст (кнопки, всплывающие подсказки, имена): без HTML-разметки.
# Остальные — HTML (parse_mode HTML): разметка только <b>, <i>, <a>.
# Имена игроков вставляются как есть: бот сам экранирует их.
# Прошедшее время с именем игрока не годится (род неизвестен): «ходит Аня», «Аня: пас».

## Общее

points =
    { $n ->
        [one] { $n } очко
        [few] { $n } очка
       *[many] { $n } очков
    }
duration-seconds = { $n } с
duration-minutes = { $n } мин
name-pair = { $first } и { $second }
name-numbered = { $name } { $number }
name-computer =
    { $kind ->
        [easy] 🤖 Компьютер (лёгкий)
        [medium] 🤖 Компьютер (средний)
        [strong] 🤖 Компьютер (сильный)
        [heuristic] 🤖 Компьютер (лёгкий)
        [search] 🤖 Компьютер (сильный)
       *[other] 🤖 Компьютер
    }
versus = { $first } ⚔ { $second }

## Карты

rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-j = В
rank-q = Д
rank-k = К
rank-a = Т
suit-spades = пики
suit-clubs = трефы
suit-diamonds = бубны
suit-hearts = черви
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
    } от { $top ->
        [seven] семёрки
        [eight] восьмёрки
        [nine] девятки
        [ten] десятки
        [jack] валета
        [queen] дамы
        [king] короля
       *[ace] туза
    }
meld-shown = { $kind } { $cards }
action-pass = пас
action-play = играю
action-exchange = поменять семёрку
action-redeal = пересдача
action-no-redeal = играть эту сдачу
action-offer-fifty = предложить 50
action-no-fifty-offer = без предложения
action-accept-fifty = принять 50
action-decline-fifty = играть
action-keep = оставить семёрку

## Стол (сообщение в группе)

table-title = 🃏 <b>Раздача { $number }</b> · сдаёт { $dealer }
table-proposed = Открытая карта: <b>{ $card }</b>
table-proposed-dealer = Открытая карта: <b>{ $card }</b> (у сдающего)
table-freza = Фреза: <b>{ $card }</b>
table-proposed-number = Открытая карта № { $number }: <b>{ $card }</b>
table-refused = Отказались, отложены: { $cards }
table-proposed-taken = Открытая карта: <b>{ $card }</b> (ушла в руку играющему)
table-visyak = ⚖️ <b>Висяк:</b> { $name } играет снова, без торговли; считается только бэла
table-seven-exchanged = Семёрка поменяна: { $name } забирает { $taken }, под колодой { $seven }
table-bids = Торговля: { $bids }
table-bid = { $name } — { $bid }
table-round-two = Второй круг: масть открытой карты уже не назвать.
table-trump = Козырь: <b>{ $suit }</b> · играет { $bidder }
table-melds-announced = Объявлено: { $melds }
table-seat-melds = { $name } — { $melds }
table-melds-won = Старшие комбинации (+{ $points }): { $melds }
table-bella = Бэла: { $name } (+20)
table-trick = На столе: { $cards }
table-play = { $name } { $card }
table-last-trick = Прошлая взятка → { $winner }: { $cards }
table-tricks = Взятки: { $tricks }
table-side-value = { $name } { $value }
table-turn-bid-1 = 👉 Решает { $name }: играть или пас?
table-turn-bid-2 = 👉 Решает { $name }: назвать козырь или пас?
table-turn-exchange = 👉 Решает { $name }: менять козырную семёрку?
table-turn-redeal = 👉 Решает { $name }: пересдача или играть?
table-turn-fifty-offer = 👉 Решает { $name }: предложить играющему 50 без розыгрыша?
table-turn-fifty-answer = 👉 Решает { $name }: принять 50 без розыгрыша?
table-turn-play = 👉 Ходит { $name }
table-deadline = ⏳ { $time } на ход
table-score = Счёт: { $scores } · до { $target }
score-line = Счёт: { $scores }
table-hanging = Висячий байт: отложено { $points }
table-visyak-pool = Висяк: на кону { $points }
table-over = 🏁 Партия окончена.

## Рука (личное сообщение)

hand-title = 🃏 <b>Ваши карты</b> · раздача { $number }
hand-bid-1 = <b>Ваше слово:</b> играете с козырем { $suit } или пас?
hand-bid-1-must = <b>Ваше слово:</b> играйте с козырем { $suit } — вы сдающий, играем с обязами, это последняя карта.
hand-bid-2 = <b>Ваше слово:</b> назовите козырь или скажите пас.
hand-bid-2-must = <b>Ваше слово:</b> назовите козырь — вы сдающий, играем с обязами, пасовать нельзя.
hand-exchange = <b>У вас козырная семёрка.</b> Поменять её на открытую карту { $card }?
hand-redeal = <b>Можно потребовать пересдачу</b> (четыре семёрки или слабая карта). Пересдать или играть?
hand-fifty-offer = <b>Предложить { $bidder } записать 50 без розыгрыша?</b> Если согласится, вы пишете 0.
hand-fifty-answer = <b>{ $name } предлагает вам 50 без розыгрыша.</b> Принять или играть?
hand-seven-meld-yes = Ваша комбинация с семёркой старше всех комбинаций на других руках.
hand-seven-meld-no = Ваша комбинация с семёркой не старше всех комбинаций на других руках.
hand-your-turn = 👉 <b>Ваш ход!</b>
hand-your-lead = 👉 <b>Ваш ход!</b> Вы заходите.
hand-own-melds = У вас: { $melds }
hand-waiting = ⏳ Очередь других игроков — когда дойдёт до вас, это сообщение обновится.
btn-play = ✅ Играю { $suit }
btn-pass = Пас
btn-suit = { $symbol } { $name }
btn-exchange = 🔄 Поменять семёрку на { $card }
btn-keep = Оставить
btn-redeal = 🔁 Пересдача
btn-no-redeal = Играть
btn-offer-fifty = 🤝 Предложить 50
btn-no-fifty-offer = Не предлагать
btn-accept-fifty = 🤝 Принять 50
btn-decline-fifty = Играть
btn-card-legal = • { $card }
btn-card = { $card }

## Сбор за столом

lobby-title = 🃏 <b>Деберц — собираем стол</b>
lobby-opener = Стол собирает { $name }
lobby-rules = 📜 { $rules } · { $length } (подробнее — /rules)
lobby-target = до { $target }
lobby-seat = { $number }. { $name }
lobby-seat-free = { $number }. — свободно —
lobby-pairs = Пары (партнёры сидят напротив): { $first } ⚔ { $second }
lobby-need-players = Нужно от 2 до { $max } игроков. Садитесь!
lobby-ready = Можно начинать: { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
       *[many] { $count } игроков
    } за столом.
lobby-pairs-hint = Вчетвером играют пары: 1 и 3 против 2 и 4.
lobby-started = ▶️ <b>Партия началась.</b> Карты — в личке у каждого.
lobby-cancelled = 🛑 Партия отменена.
btn-join = 🪑 Сесть
btn-leave = 🚶 Встать
btn-add-computer =
    { $kind ->
        [easy] 🤖 + лёгкий
        [medium] 🤖 + средний
        [strong] 🤖 + сильный
       *[other] 🤖 + компьютер
    }
btn-start = ▶️ Начать
btn-start-wait = ⏳ Начать (нужно 2+)
btn-settings = ⚙️ Настройки

## Итоги раздачи и запись

result-title = 📋 <b>Итоги раздачи { $number }</b> · козырь { $suit } · играющий: { $bidder }
result-side = <b>{ $name }</b>: { $items } = <b>{ $total }</b>
item-tricks = { $n ->
        [0] без взяток
        [one] { $n } взятка
        [few] { $n } взятки
       *[many] { $n } взяток
    }
item-cards = карты { $n }
item-last-trick = послед { $n }
item-melds = комбинации { $n }
item-bella = бэла { $n }
result-made = ✅ Играющий набрал больше — каждый пишет своё.
result-bait = ❌ <b>Байт!</b> { $pair ->
        [yes] Играющие «сели»: их
       *[no] Играющий «сел»: его
    } { $points } уходят соперникам.
result-received = { $name } +{ $points } за байт
result-claimed = 🏁 Партия заявлена посреди сдачи: каждый пишет набранное до этой взятки.
result-fifty = 🤝 Играющий принял 50 без розыгрыша, соперники пишут 0.
result-visyak = ⚖️ <b>Висяк!</b> У играющего ничья: соперники пишут свои очки, очки играющего уходят в висяк (теперь { $points }). Следующая раздача — без торговли.
result-visyak-won = Висяк забирает { $name }: +{ $points }
result-hanging = ⚖️ <b>Висячий байт:</b> у играющего ничья, его очки откладываются. Отложено: { $points }.
result-hanging-won = Висяк забирает { $name }: +{ $points }
result-bolt = Болт (ни одной взятки): { $name } −{ $points }
result-third-bait = Третий байт: { $name } −{ $points }
result-written = Пишем: { $written }
sheet-bait-mark = Б
sheet-title = 📒 <b>Запись партии</b> · до { $target }
sheet-title-plain = 📒 <b>Запись партии</b>
sheet-hand = №
sheet-elided = …первые раздачи не показаны: { $count }
sheet-empty = Раздач ещё не было.
sheet-legend = Б — байт: играющий «сел».
sheet-visyak-mark = В
sheet-visyak-legend = В — висяк: у играющего ничья, его очки ушли в висяк.
btn-review = 🔎 Как сдали и сыграли
btn-review-result = 📋 Итоги
btn-review-back = ◀
btn-review-next = ▶
review-title = 🔎 <b>Раздача { $number }</b> · { $page }/{ $pages }
review-dealer = Сдавал { $dealer } · открытая карта { $card }
review-hand = { $name }: { $cards }
review-hand-unseen = { $name }: { $cards } · не показано: { $count }
review-trick = Взятка { $number }: { $cards } → { $winner }
alert-review-not-yet = Раздача ещё не сыграна.
chart-title = Счёт по раздачам
chart-hand = Раздача
chart-caption = 📈 Как шёл счёт: по точке на раздачу, Б — байт.
btn-play-again = 🔁 Ещё партию
msg-rematch-opened = 🔁 { $name } зовёт сыграть ещё: те же игроки на тех же местах, те же правила. Остальные — нажмите «Ещё партию» под итогом партии ({ $count } из { $total }).
msg-rematch-confirmed = ✅ { $name } играет ещё ({ $count } из { $total }).
alert-rematch-confirmed = Вы в деле — ждём остальных.
alert-rematch-already = Вы уже подтвердили.
alert-rematch-only-players = Ещё партию начинают те, кто играл эту.
alert-rematch-busy = Здесь уже собирают стол или идёт партия.
msg-leave-question = { $name }, выйти из партии? Ваше место займёт компьютер, партия продолжится.
msg-leave-choice = Чьё место отдать компьютеру? Партия продолжится.
btn-leave-yes = Да, отдать место
btn-leave-no = Нет, играем
msg-leave-not-playing = { $name } не играет в этой партии.
msg-leave-last = { $name } — последний человек за столом, компьютерам одним играть незачем. Закончить партию — /cancel.
msg-leave-only-admin = Отдать место { $name } компьютеру может только админ чата (или сам игрок — своей командой /leave).
msg-left-game = 🚪 { $name } покидает стол; дальше за это место играет { $computer }.
msg-left-private = 🚪 Вы вышли из партии: за ваше место играет компьютер.
alert-leave-only-self = Это может только сам игрок или админ чата.
alert-leave-last = За столом не останется ни одного человека. Закончить партию — /cancel.
alert-leave-done = Готово: место занял компьютер.
alert-leave-kept = Играем дальше.
cmd-leave = Выйти из партии (место займёт компьютер)
game-over-title = 🏆 <b>Партия!</b> { $pair ->
        [yes] Побеждают { $name }
       *[no] Побеждает { $name }
    } — { $points }.
game-over-new = Сыграть ещё — /newgame

## Правила

preset-odessa = одесский деберц
preset-moscow = московские правила
preset-kharkiv = харьковские правила
preset-custom = свои правила
rules-preset = Набор: <b>{ $preset }</b>
rules-timeout = На ход: { $time }, потом за игрока ходит бот.
rule-target = Партия до <b>{ $value }</b> { $value ->
        [one] очка
       *[other] очков
    }.
rule-dealer_rotation =
    { $value ->
        [winner] Сдаёт тот, кто больше записал в прошлой раздаче.
       *[clockwise] Сдают по кругу.
    }
rule-obligatory_dealer =
    { $value ->
        [yes] С обязами: во втором круге сдающий не может пасовать и обязан назвать козырь.
       *[no] Без обязов: если все дважды спасовали — пересдача.
    }
rule-seven_exchange =
    { $value ->
        [yes] Козырную семёрку можно поменять на открытую карту (вдвоём и втроём).
       *[no] Козырную семёрку не меняют.
    }
rule-hundred =
    { $value ->
        [yes] Пять карт подряд и больше — сотня (100).
       *[no] Сотни нет: четыре подряд и больше — полтинник (50).
    }
rule-debertz_wins =
    { $value ->
        [yes] Семь карт подряд (деберц) — сразу выигрыш партии.
       *[no] Семь подряд — обычная комбинация, партию сразу не выигрывает.
    }
rule-trump_priority =
    { $value ->
        [yes] При равных комбинациях старше козырная.
       *[no] Козырная комбинация не старше равной некозырной — ничью решает правило о равных комбинациях ниже.
    }
rule-melds_need_trick =
    { $value ->
        [yes] Комбинации считаются, только если взята хоть одна взятка.
       *[no] Комбинации считаются и без взяток.
    }
rule-bella_announcement =
    { $value ->
        [first] Бэла объявляется с первой картой пары.
       *[second] Бэла объявляется со второй картой пары.
    }
rule-first_lead =
    { $value ->
        [bidder] Первым ходит играющий.
       *[left_of_dealer] Первым ходит игрок слева от сдающего.
    }
rule-overtrump =
    { $value ->
        [yes] Козырь нужно перебивать старшим козырем, если он есть.
       *[no] Перебивать козырь старшим не обязательно.
    }
rule-hanging_bait =
    { $value ->
        [yes] Висячий байт: при ничьей очки играющего ждут следующей раздачи.
       *[no] Ничья у играющего — это байт.
    }
rule-three_player_bait =
    { $value ->
        [half] Втроём очки севшего всегда делятся пополам.
        [richer_else_hang] Втроём очки севшего получает соперник, у кого больше; поровну — они ждут, пока один из двоих не наберёт больше другого.
       *[richer] Втроём очки севшего получает соперник, у кого больше (поровну — пополам).
    }
rule-bolt_penalty =
    { $value ->
        [0] За болт (ни одной взятки) не штрафуют.
       *[other] Болт (ни одной взятки): −{ $value }.
    }
rule-third_bait_penalty =
    { $value ->
        [0] За третий байт не штрафуют.
       *[other] Каждый третий байт: ещё −{ $value }.
    }

## Настройки

settings-title = ⚙️ <b>Настройки чата</b>
settings-language = Язык: { $language }
settings-hint = Разделы ниже — все правила, по одному экрану. Другая цель партии: /settings 701.
settings-page-title = ⚙️ <b>Настройки › { $page }</b>
settings-option = • <b>{ $option }</b>: { $value }
    <i>{ $about }</i>
settings-ignored = <i>(сейчас не действует)</i>
settings-custom = Ближе всего к набору «{ $base }», но: { $changes }{ $more ->
        [0] {""}
       *[other] {" "}и ещё { $more }
    }.
settings-change = { $option } — { $value }
settings-closed-hint = Все правила по разделам: /rules. Изменить: /settings.
value-yes = да
value-no = нет
btn-back = ⬅️ Назад
btn-page-previous = ◀️
btn-page-next = ▶️
alert-settings-conflict = «{ $first }» не сочетается с «{ $second }»: сначала измените «{ $second }».
opt-target = До
opt-dealer_rotation = Сдача
opt-obligatory_dealer = С обязами
opt-seven_exchange = Обмен семёрки
opt-hundred = Сотня
opt-debertz_wins = Деберц выигрывает
opt-trump_priority = Козырная старше
opt-melds_need_trick = Комбинации только со взяткой
opt-bella_announcement = Бэла
opt-first_lead = Первый ход
opt-overtrump = Перебивать козырь
opt-hanging_bait = Висячий байт
opt-three_player_bait = Байт втроём
opt-bolt_penalty = Болт
opt-third_bait_penalty = Третий байт
value-dealer_rotation-clockwise = по кругу
value-dealer_rotation-winner = победитель раздачи
value-bella_announcement-second = со второй картой
value-bella_announcement-first = с первой картой
value-first_lead-left_of_dealer = слева от сдающего
value-first_lead-bidder = играющий
value-three_player_bait-richer = тому, у кого больше
value-three_player_bait-half = пополам
value-three_player_bait-richer_else_hang = тому, у кого больше, иначе висят
opt-round_two = Второй круг торговли
value-round_two-name_suit = назвать другую масть
value-round_two-next_card = открыть следующую карту
value-round_two-next_cards = следующие, пока есть
opt-proposed_card = Открытая карта
value-proposed_card-stays = остаётся под колодой
value-proposed_card-to_bidder = уходит играющему
opt-seven_meld_query = Проходит ли терц с 7
opt-visyak = Висяк
optinfo-round_two = Все спасовали на открытую карту: назвать другую масть или открыть следующую карту (2–3 игрока).
optinfo-proposed_card = Открытая карта остаётся под колодой или уходит играющему в прикуп (тогда без обмена семёрки).
optinfo-seven_meld_query = Владельцу козырной семёрки перед обменом говорят, старше ли его комбинация с ней всех чужих.
optinfo-visyak = Ничья у играющего — висяк: его очки ждут, и он же без торговли играет за них следующую раздачу.
btn-option-on = ✅ { $label }
btn-option-off = ▫️ { $label }
btn-option-value = { $label }: { $value }
btn-preset = { $current ->
        [yes] ✓ { $name }
       *[no] { $name }
    }
btn-preset-odessa = Одесса
btn-preset-moscow = Москва
btn-preset-kharkiv = Харьков
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
btn-close = Закрыть
language-ru = Русский
language-uk = Українська
language-en = English

## Почему нельзя (всплывающие подсказки)

reason-game_over = Партия уже окончена.
reason-not_your_turn = Сейчас не ваш ход.
reason-wrong_phase =
    { $action ->
        [card] Ходить картой пока рано — сначала торговля.
       *[other] Сейчас этого сделать нельзя.
    }
reason-pass_not_allowed = Пасовать нельзя — назовите козырь.
reason-suit_not_allowed = Масть открытой карты во втором круге не называют — выберите другую.
reason-dealer_must_name_suit = Вы сдающий, играем с обязами: пасовать нельзя, назовите козырь.
reason-dealer_must_play = Вы сдающий, играем с обязами: это последняя карта, которую можно открыть, — играйте её.
reason-no_seven_to_exchange = Сейчас нет козырной семёрки для обмена.
reason-card_not_in_hand = Этой карты у вас нет.
reason-must_follow_suit = Нужно ходить в масть { $suit }.
reason-must_trump = Масти нет — нужно бить козырем { $suit }.
reason-must_overtrump = Нужно перебить козырем старше { $suit }.

## Сообщения бота

msg-help =
    🃏 <b>Деберц (клабор) в Telegram</b>

    Играем вдвоём, втроём или вчетвером (парами — партнёры сидят напротив). Пустые места займёт компьютер.

    <b>Как играть</b>
    1. В группе: /newgame — откроется стол, жмите «Сесть».
    2. Карты приходят в личку: откройте чат со мной и нажмите /start, иначе я не смогу прислать вам карты.
    3. Торговля и ходы — кнопками в личке. Ходить можно картами, отмеченными точкой; если карту нельзя — я скажу почему.
    4. За столом в группе видно козырь, взятки, комбинации и счёт. Комбинации я нахожу сам.

    <b>Команды</b>
    /newgame — собрать стол
    /score — запись партии
    /stats — ваша статистика (в ответ на сообщение — того игрока)
    /top — таблица лидеров
    /history — последние партии и их записи
    /rules — правила этого чата
    /settings — настройки (правила, язык, время на ход)
    /cancel — отменить партию
    /notify — напоминать ли в личке, что ваш ход (вкл/выкл)
    /help — эта справка
msg-lobby-exists = За столом уже собираются — присоединяйтесь: { $link }
msg-lobby-exists-nolink = За столом уже собираются — присоединяйтесь к сообщению выше.
msg-game-running = Партия уже идёт. Посмотреть счёт — /score, отменить — /cancel.
msg-lobby-link = к столу
msg-joined = 🪑 { $name } за столом.
msg-left = 🚶 { $name } встаёт из-за стола.
msg-game-started = ▶️ <b>Начинаем!</b> { $players }. Карты — в личке у каждого.
msg-cancel-question = Отменить партию? Счёт не сохранится.
btn-cancel-yes = Да, отменить
btn-cancel-no = Нет, играем
msg-cancelled = 🛑 Партия отменена.
msg-cancel-kept = Играем дальше.
msg-need-private = { $name }, чтобы сесть за стол, откройте чат со мной и нажмите /start — туда я пришлю ваши карты.
btn-open-private = 💬 Открыть чат с ботом
msg-unreachable = ⚠️ { $name }, не могу написать вам в личку — откройте чат со мной и нажмите /start, иначе я не смогу прислать карты.
msg-turn-reminder = ⏰ { $name }, ваш ход! Осталось { $time }.
msg-turn-ping = 🔔 Ваш ход! Карты — в сообщении выше.
msg-notify-on = 🔔 Напоминания о ходе включены: когда до вас дойдёт очередь, я напишу сюда. Выключить — /notify.
msg-notify-off = 🔕 Напоминания о ходе выключены: очередь видна в сообщении с картами. Включить — /notify.
msg-auto-played = ⏰ { $name } не успевает — бот ходит за игрока: { $action }
msg-redeal = 🔁 Все спасовали дважды — пересдача. Сдаёт { $dealer }.
msg-redeal-claimed = 🔁 { $name } требует пересдачу. Сдаёт { $dealer }.
msg-only-groups = Эта команда работает в группе: добавьте меня в чат с друзьями и наберите там /newgame.
msg-private-start =
    👋 Привет, { $name }! Я сдаю карты и веду счёт в деберц.

    Добавьте меня в группу и наберите /newgame — ваши карты будут приходить сюда. Справка — /help.
msg-private-joined = ✅ Готово: вы за столом в «{ $chat }». Карты придут сюда.
msg-solo = 🃏 Играем здесь: вы против компьютера. Стол и ваши карты — в этом чате.
msg-no-game = Сейчас партии нет. Начать — /newgame.
msg-not-a-member = Сесть за этот стол могут только участники группы, где его собрали. Вступите в группу — и нажмите кнопку под приглашением ещё раз.
msg-anonymous-admin = Вы пишете от имени группы или канала — так я не знаю, кого посадить за стол и кому прислать карты. Напишите /newgame от своего имени.
alert-stale = Эта кнопка устарела.
alert-not-your-game = Это не ваша партия.
alert-game-over = Партия уже окончена.
alert-already-joined = Вы уже за столом.
alert-table-full = Мест нет — стол полный.
alert-not-in-game = Вы не за этим столом.
alert-only-opener = Это может только тот, кто собрал стол, или админ чата.
alert-need-private = Сначала откройте чат со мной и нажмите /start — туда придут ваши карты.
alert-joined = Вы за столом!
alert-left = Вы встали из-за стола.
alert-need-players = Нужно хотя бы 2 игрока.
alert-saved = Сохранено.
alert-too-late = Поздно: этот ход уже сделан.
alert-game-started = Партия уже началась.
alert-internal-error = Что-то пошло не так. Попробуйте ещё раз.
alert-setting-next-game = Сохранено — подействует со следующей партии.
alert-computer-added = Компьютер сел за стол.
alert-started = Начинаем!
alert-cancelled = Партия отменена.
cmd-newgame = Новая партия: собрать стол
cmd-score = Счёт партии
cmd-rules = Правила этого чата
cmd-settings = Настройки правил
cmd-cancel = Отменить партию
cmd-help = Как играть с ботом
cmd-notify = Напоминать о ходе: вкл/выкл
msg-target-saved = 🎯 Играем до { $target }.
msg-target-hint = Напишите число: например, /settings 701 — играем до 701 (от 1 до 100000).

## Каждый сам за себя, в одну сдачу, «даве», матч (RULES-VARIANTS §24, §25, §27)

lobby-solo = Вчетвером каждый сам за себя — без пар.
action-dave = «даве»
action-concede = сдаюсь
action-play-on = играем дальше
table-turn-dave = 👉 Решает { $name }: сдаться или играть дальше?
table-one-hand = 🎯 { $format ->
        [one_hand_bait] Партия в одну сдачу с байтом
       *[other] Партия в одну сдачу без байта
    } · ставка { $stake }
table-match-game = 🏆 Матч из двух партий: идёт партия { $number }
table-match-final = 🏆 Матч 1:1 — заключительные раздачи, осталось { $left }
table-match-result = Партия { $number }: { $name } ({ $score })
hand-stake = 💰 Ставка: { $stake }
hand-dave-offered = 🤝 <b>{ $name } говорит «даве».</b> Сдаться и отдать { $stake } или играть дальше на { $next }?
btn-dave = 🤝 Даве (на { $next })
btn-concede = 🏳️ Сдаюсь (−{ $stake })
btn-play-on = ⚔️ Играем на { $next }
result-played = 🎯 В одну сдачу без байта: каждый пишет своё, выигрывает больший.
game-over-winners = 🏆 <b>Партия!</b> { $count ->
        [one] Побеждает
       *[other] Побеждают
    } { $names }.
game-over-stakes = 💰 Ставки: { $stakes }
msg-dave-offered = 🤝 { $name }: «даве»! Соперник сдаётся за { $stake } или играет дальше.
msg-dave-conceded = 🏳️ { $name } сдаётся и отдаёт { $stake }.
msg-dave-played-on = ⚔️ { $name } играет дальше — ставка { $stake }.
msg-match-game = 🏆 <b>Партия { $number } матча</b> — побеждают { $name } ({ $score }). { $next ->
        [3] Счёт в матче 1:1 — играем четыре заключительные раздачи с нуля.
       *[other] Начинаем партию { $next } с нуля.
    }
reason-dave_off = В этой партии «даве» не играют.
reason-dave_not_now = «Даве» говорят только в свой ход в розыгрыше, до карты.
reason-dave_not_yours = Следующее «даве» — за тем, кто согласился играть дальше.
reason-no_dave_offer = «Даве» никто не предлагал.
opt-four_player_mode = Вчетвером
opt-format = Партия
opt-dave = Даве
opt-match = Матч
value-four_player_mode-pairs = пара на пару
value-four_player_mode-solo = каждый сам за себя
value-format-target = до счёта
value-format-one_hand = в одну сдачу без байта
value-format-one_hand_bait = в одну сдачу с байтом
value-dave-off = нет
value-dave-arithmetic = 1, 2, 3, 4…
value-dave-geometric = 1, 2, 4, 8…
value-match-single = одна партия
value-match-two_rounds = два раунда
optinfo-four_player_mode = Вчетвером: пара на пару (партнёры напротив) или каждый сам за себя.
optinfo-format = Партия до счёта или короткий деберц в одну сдачу — без байта или с байтом на ставку.
optinfo-dave = «Даве» вдвоём в одну сдачу: в свой ход предложить сопернику сдаться за ставку.
optinfo-match = Пары играют две партии с нуля; при 1:1 — четыре заключительные раздачи.

## Рейтинг, статистика, история

stats-title = 📊 <b>{ $name }</b>: статистика
stats-title-here = 📊 <b>{ $name }</b>: статистика в этом чате
stats-rating = Рейтинг: <b>{ $rating }</b>
stats-rating-none = Рейтинг: пока нет (появится после первой сыгранной партии)
stats-rating-change = За последнюю партию: { $change }
stats-games = Партий: { $games } · побед: { $wins } ({ $rate }%)
stats-streak = Самая длинная серия побед: { $n }
stats-bids = Раздач играющим: { $bids }, сыграно { $made } ({ $rate }%)
stats-baits = Байтов: { $baits } · болтов: { $bolts }
stats-points = В среднем очков за раздачу: { $points }
stats-best-meld = Лучшая комбинация: { $meld }
stats-rules-title = По правилам:
stats-rules-line = • { $rules }: партий { $games }, побед { $wins }
stats-none = { $name } ещё не доиграл(а) со мной ни одной партии.
stats-none-here = { $name } ещё не доиграл(а) ни одной партии в этом чате.
stats-bot = У ботов и компьютерных игроков нет статистики: ответьте на сообщение человека.
stats-anonymous = Вы пишете от имени группы или канала, и я не знаю, чью статистику показать. Отправьте /stats от себя.
top-title = 🏆 <b>Таблица лидеров</b> (все чаты)
top-title-here = 🏆 <b>Таблица лидеров этого чата</b>
top-line = { $place }. { $name } — <b>{ $rating }</b> · партий { $games }, побед { $wins }
top-footer = <i>В таблице — игроки от { $n } сыгранных партий. Рейтинг новичка — 1000, с победами он растёт.</i>
top-empty = Пока никто не сыграл здесь { $n } { $n ->
        [one] партию
        [few] партии
       *[other] партий
    } — в таблицу попадают от { $n } сыгранных партий.
history-title = 📜 <b>Последние партии</b> — нажмите номер, чтобы увидеть запись
history-line = { $number }. { $date } · { $players } · { $rules }
history-side = { $name } { $score }
history-side-winner = 🏆 <b>{ $name }</b> { $score }
history-empty = В этом чате ещё нет сыгранных партий. Начать: /newgame.
history-game = 📜 <b>Партия { $date }</b>
btn-history-back = ◀ Все партии
cmd-top = Таблица лидеров
cmd-stats = Моя статистика (в ответ — того игрока)
cmd-history = Последние партии и их записи

## Совет сильного игрока в партии один на один с ботом: подсказка 💡 и разбор после раздачи

btn-hint = 💡 Подсказка
alert-hint-thinking = 💡 Думаю: подсказка появится в сообщении с картами.
alert-hint-busy = 💡 Ещё думаю: подсказка появится в сообщении с картами.
hint-line = 💡 <b>{ $action }</b>: { $why } — в среднем на { $points } лучше, чем { $other }, по { $deals ->
        [one] { $deals } раскладу
       *[other] { $deals } раскладам
    }.
hint-line-short = 💡 <b>{ $action }</b>: { $why }.
why-only = другого хода нет
why-bid = рука стоит игры
why-pass = рука не стоит игры
why-exchange = открытая карта ценнее семёрки
why-keep = семёрку лучше оставить
why-draw-trumps = тянет козыри
why-cash = старшая оставшаяся карта масти берёт взятку
why-lead = лучший заход
why-win = берёт взятку
why-ruff = бьёт козырем
why-feed = очки во взятку партнёра
why-duck = дёшево отдаёт взятку и бережёт старшие карты
why-other = лучше всего в среднем
mistakes-title = 🔍 <b>Раздача { $number }: решения, которые стоили больше всего</b>
mistakes-line = { $number }. { $when }: вы выбрали { $played }; сильный игрок выбрал бы <b>{ $best }</b> ({ $why }), примерно на { $points } лучше.
mistakes-when-trick = взятка { $trick }
mistakes-when-bidding = торговля
mistakes-when-other = раздача
