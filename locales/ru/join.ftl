## Joining a keyframe chain's clips into one video on the Media Task Service
join-button = 🎬 Склеить в одно видео
join-button-some = 🎬 Склеить { $count } из { $total }, что получились
join-confirm = 🎬 Склеить клипы { $numbers } в одно видео в таком порядке? Это сделает Media Task Service, а видео придёт со своей карточкой прогресса.
join-left-out = { $count ->
    [one] Клип { $numbers } не получился, поэтому его не будет: видео перескочит этот переход.
   *[other] Клипы { $numbers } не получились, поэтому их не будет: видео перескочит эти переходы.
}
join-button-confirm = ✅ Склеить
join-button-confirm-cost = ✅ Склеить · около { $tokens } { $tokens ->
    [one] токена
    [few] токенов
    [many] токенов
   *[other] токена
}
join-button-not-now = ✖️ Не сейчас
join-not-now = Не склеено. Кнопка под клипами по-прежнему работает.
join-started = 🎬 Склеиваю клипы { $numbers }. Видео придёт со своей карточкой прогресса; токены спишутся, только если всё получится.
join-already = Эти клипы уже склеиваются: видео придёт со своей карточкой прогресса.
join-too-few = Склеивать нечего: нужно хотя бы два клипа.
join-clip-gone = Клипа { $number } уже нет в сервисе генерации (его удалили или истёк срок хранения), поэтому ничего не склеено и ничего не списано.
