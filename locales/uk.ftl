## Command descriptions (the command menu)
command-start = Почати: що вміє бот
command-help = Що потрібно для кожного завдання і скільки це коштує
command-cancel = Вийти з поточного кроку
command-settings = Мова, голос, субтитри, формат за замовчуванням
command-language = Мова інтерфейсу
command-balance = Баланс, ліміти й використання
command-tasks = Ваші завдання та їхні результати
command-apikey = Ваш API-ключ

## General
error-generic = У нас щось пішло не так. Спробуйте ще раз за хвилину.
rate-limited = Забагато повідомлень одразу. Будь ласка, трохи повільніше.
unexpected-input = Я не зрозумів. Оберіть завдання через /start або перегляньте /help.
group-private-only = Я працюю в особистому чаті. Натисніть кнопку, щоб його відкрити.
button-open-private = Відкрити особистий чат
button-stale = Ця кнопка зі старішого повідомлення. Скористайтеся останнім.
button-foreign = Ця кнопка не ваша.
button-back = « Назад
button-next = Далі »
button-prev = « Попередня
button-cancel = Скасувати
button-confirm = Так, продовжити

## /start and task types
welcome =
    Вітаю, { $name }! Я перетворюю ваші фото, кліпи, аудіо й текст на готові медіа:
    відео з озвученням і субтитрами, транскрипції, озвучення, дубляж, короткі кліпи та моушн-відео.

    Оберіть завдання нижче або просто надішліть файл.
welcome-pick = Оберіть завдання:
task-video-name = Відео з фото й кліпів
task-transcription-name = Транскрипція
task-audio-name = Озвучення
task-subtitles-name = Субтитри
task-pause_removal-name = Видалення пауз
task-dubbing-name = Дубляж
task-smart_clip-name = Розумні кліпи
task-motion-name = Моушн-відео
task-video-needs = До 30 фото або відеокліпів (JPEG, PNG, WebP, MP4, MOV, AVI) і, за бажанням, текст озвучення.
task-transcription-needs = Один аудіо- або відеофайл (MP3, WAV, M4A, MP4, MOV, AVI) або https-посилання на нього.
task-audio-needs = Текст, який треба озвучити.
task-subtitles-needs = Одне готове відео (MP4, MOV, AVI) або https-посилання на нього.
task-pause_removal-needs = Одне відео (MP4, MOV, AVI) або https-посилання на нього.
task-dubbing-needs = Одне відео та мова дубляжу; за бажанням, SRT-файл із власним перекладом.
task-smart_clip-needs = Одне довге відео (MP4, MOV, AVI) або https-посилання на нього.
task-motion-needs = Текст, голосовий запис або відео з ведучим у кадрі.
task-video-price = 30 токенів за хвилину результату.
task-transcription-price = 40 токенів за хвилину.
task-audio-price = Від безкоштовного до 41 токена за хвилину мовлення, залежно від провайдера голосу.
task-subtitles-price = 50 токенів за хвилину результату; 60 з перекладом.
task-pause_removal-price = 50 токенів за хвилину.
task-dubbing-price = Від 100 до 141 токена за хвилину, залежно від провайдера голосу.
task-smart_clip-price = 80 токенів за хвилину вихідного відео.
task-motion-price = Залежить від ліміту моушн-відео у вашому тарифі.
task-video-next = Надішліть фото або кліпи.
task-transcription-next = Надішліть аудіо- чи відеофайл або вставте https-посилання.
task-audio-next = Надішліть текст для озвучення.
task-subtitles-next = Надішліть відео або вставте https-посилання.
task-pause_removal-next = Надішліть відео або вставте https-посилання.
task-dubbing-next = Надішліть відео або вставте https-посилання.
task-smart_clip-next = Надішліть довге відео або вставте https-посилання.
task-motion-next = Надішліть текст, голосове повідомлення або відеокліп.
task-card =
    { $name }

    Потрібно: { $needs }
    Ціна: { $price }

    { $next }
start-unknown-payload = Це посилання не відкриває жодного завдання. Оберіть завдання нижче.

## /help
help-intro = Що я вмію (1000 токенів = 1 USD; токени списуються лише за готове завдання):
help-entry =
    { $name }
    Потрібно: { $needs }
    Ціна: { $price }
help-extras = Додатково: автоматичні написи 50 токенів за рендер, картки по 30 токенів, рамки 30 токенів за рендер.
help-footer = /settings задає голос, субтитри й формат за замовчуванням. /cancel виходить із будь-якого кроку.

## /cancel
cancel-done = Скасовано. Нічого не очікує. Оберіть нове завдання через /start.

## /language
language-pick = Оберіть мову інтерфейсу:
language-changed = Мова інтерфейсу тепер українська.
language-name-en = English
language-name-uk = Українська
language-name-ru = Русский

## /settings
settings-title = Ваші налаштування за замовчуванням (вони заповнюють кожне нове завдання):
settings-summary =
    Мова: { $language }
    Провайдер голосу: { $provider }
    Голос: { $voice }
    Швидкість: { $speed }
    Стиль голосу: { $style }
    Стиль субтитрів: { $subStyle }
    Розташування субтитрів: { $subPosition }
    Розмір субтитрів: { $subSize }
    Формат відео: { $format }
settings-not-set = не задано
settings-automatic = автоматично
settings-button-language = Мова
settings-button-provider = Провайдер голосу
settings-button-voice = Голос
settings-button-speed = Швидкість
settings-button-style = Стиль голосу
settings-button-sub-style = Стиль субтитрів
settings-button-sub-position = Розташування субтитрів
settings-button-sub-size = Розмір субтитрів
settings-button-format = Формат відео
settings-button-reset = Скинути на автоматичне
settings-choose-language = Оберіть мову інтерфейсу:
settings-choose-provider = Оберіть провайдера голосу за замовчуванням:
settings-choose-voice = Оберіть голос { $provider } за замовчуванням:
settings-choose-voice-first = Спершу оберіть провайдера голосу.
settings-no-voices = У каталозі немає голосів цього провайдера вашою мовою.
settings-choose-speed = Оберіть швидкість мовлення за замовчуванням:
settings-choose-style = Оберіть стиль голосу (його використовують провайдери, що підтримують стилі):
settings-choose-sub-style = Оберіть стиль субтитрів за замовчуванням:
settings-choose-sub-position = Оберіть, де розташовувати субтитри:
settings-choose-sub-size = Оберіть розмір субтитрів:
settings-choose-format = Оберіть формат відео за замовчуванням:
settings-saved = Збережено.
tts-style-standard = Стандартний
tts-style-calm = Спокійний
tts-style-expressive = Виразний
tts-style-energetic = Енергійний
tts-style-dramatic = Драматичний
tts-style-cheerful = Бадьорий
sub-position-top = Угорі
sub-position-center = По центру
sub-position-bottom = Унизу
sub-size-small = Малий
sub-size-medium = Середній
sub-size-large = Великий
video-format-9_16 = Вертикальний 9:16
video-format-16_9 = Горизонтальний 16:9
video-format-1_1 = Квадрат 1:1
video-format-original = Розмір оригіналу

## /balance
balance-tokens = Баланс: { $tokens } токенів (близько { $usd } USD).
balance-quota = Тариф: { $tariff }, діє до { $expires }.
balance-quota-no-expiry = Тариф: { $tariff }.
balance-limits-title = Ліміти вашого облікового запису:
balance-limit-seconds = Секунд відео на місяць: { $value }
balance-limit-tts = Символів озвучення: { $value }
balance-limit-premium-tts = Символів преміум-голосу: { $value }
balance-limit-transcription = Секунд транскрипції: { $value }
balance-limit-photos = Фото на відео: { $value }
balance-limit-video-duration = Найдовше відео: { $value } с
balance-limit-file-size = Найбільший файл: { $value } МБ
balance-usage-title = Використано цього місяця:
balance-usage-seconds = Секунд відео: { $value }
balance-usage-tts = Символів озвучення: { $value }
balance-usage-premium-tts = Символів преміум-голосу: { $value }
balance-usage-transcription = Секунд транскрипції: { $value }
balance-reset = Ліміти оновляться { $date }.

## /tasks
tasks-empty = У вас ще немає завдань. Почніть через /start.
tasks-title = Ваші завдання (сторінка { $page }):
tasks-item = #{ $id } { $type }: { $status }, { $date }
task-status-pending = очікує
task-status-processing = виконується
task-status-completed = готово
task-status-failed = помилка
task-details =
    Завдання #{ $id }: { $type }
    Стан: { $status }
    Створено: { $date }
task-details-progress = Прогрес: { $progress }%
task-details-error = Причина: { $error }
task-result-link = Результат: { $url }
    Посилання діє до { $expires }.
task-result-link-no-expiry = Результат: { $url }
task-result-expires = Посилання діють до { $expires }.
task-result-expired = Посилання на результат застаріло; завантажити результат уже не можна.
task-result-clip = Кліп { $index }: { $title }
    { $url }
task-result-document-txt = Транскрипція (текст)
task-result-document-srt = Транскрипція з таймкодами (SRT)
task-not-found = Це завдання не знайдено.

## /apikey
apikey-none = У вас ще немає API-ключа. З ключем можна користуватися сервісом через HTTP (заголовок X-API-Key).
apikey-info =
    Ваш API-ключ: { $prefix }…
    Створено: { $date }
    Повний ключ показується лише один раз, під час видачі.
apikey-new =
    Ваш новий API-ключ (показується один раз; це повідомлення зникне за 10 хвилин):
    { $key }
apikey-button-issue = Отримати ключ
apikey-button-rotate = Замінити ключ
apikey-button-revoke = Відкликати ключ
apikey-rotate-confirm = Замінити ключ? Поточний ключ одразу перестане працювати.
apikey-revoke-confirm = Відкликати ключ? Він одразу перестане працювати.
apikey-revoked = Ваш ключ відкликано. Новий можна отримати через /apikey.
apikey-kept = Нічого не змінено.

## Service errors
service-error-unauthorized = Сервіс не прийняв ваш API-ключ. Отримайте новий через /apikey.
service-error-insufficient_balance = Замало токенів на балансі. Перевірте через /balance.
service-error-forbidden = Ваш тариф не містить цієї функції.
service-error-not_found = Сервіс цього не знайшов. Завантажені файли зберігаються 2 години; надішліть файл ще раз.
service-error-too_large = Файл завеликий для сервісу (щонайбільше 500 МБ).
service-error-unsupported_type = Сервіс не приймає файли такого типу.
service-error-rate_limited = Сервіс ще обробляє ваші попередні запити. Спробуйте за хвилину.
service-error-server = Внутрішня помилка сервісу. Спробуйте пізніше.
service-error-timeout = Сервіс надто довго не відповідав. Спробуйте ще раз.
service-error-network = Сервіс зараз недоступний. Спробуйте пізніше.
service-error-invalid_request = Сервіс відхилив запит як некоректний.
service-error-invalid_response = Сервіс надіслав відповідь, яку я не зміг прочитати. Спробуйте пізніше.

## intake
intake-offer = Отримано: { $media }. Що з цього зробити?
intake-offer-more = Надішліть ще фото чи кліпи, щоб додати їх, або виберіть завдання.
intake-expired = Файлів, які ви надсилали, у мене вже немає. Надішліть їх ще раз.
intake-count-photo = { $count ->
    [one] { $count } фото
    [few] { $count } фото
    [many] { $count } фото
   *[other] { $count } фото
}
intake-count-video = { $count ->
    [one] { $count } відео
    [few] { $count } відео
    [many] { $count } відео
   *[other] { $count } відео
}
intake-count-audio = { $count ->
    [one] { $count } аудіофайл
    [few] { $count } аудіофайли
    [many] { $count } аудіофайлів
   *[other] { $count } аудіофайлу
}
intake-count-voice = { $count ->
    [one] { $count } голосове повідомлення
    [few] { $count } голосові повідомлення
    [many] { $count } голосових повідомлень
   *[other] { $count } голосового повідомлення
}
intake-count-video_note = { $count ->
    [one] { $count } відеоповідомлення
    [few] { $count } відеоповідомлення
    [many] { $count } відеоповідомлень
   *[other] { $count } відеоповідомлення
}
intake-count-document = { $count ->
    [one] { $count } файл
    [few] { $count } файли
    [many] { $count } файлів
   *[other] { $count } файлу
}
intake-count-link = { $count ->
    [one] { $count } посилання
    [few] { $count } посилання
    [many] { $count } посилань
   *[other] { $count } посилання
}
media-error-unsupported_type = Цей файл я не можу використати ({ $name }). Підтримувані формати: { $formats }, а також голосові повідомлення.
media-error-too_big_for_bot_api = Файл більший за { $limitMb } МБ — це найбільше, що бот може завантажити з Telegram. Завантажте його деінде й надішліть мені https-посилання.
media-error-too_big_for_intake = Файл більший за { $limitMb } МБ — це найбільше, що приймає цей бот. Надішліть натомість https-посилання на нього.
media-error-too_big_for_service = Файл більший за { $limitMb } МБ — це найбільше, що приймає сервіс. Надішліть коротший або менший файл.
media-error-too_many_media = Це { $count } файлів, а відео приймає щонайбільше { $max } фото й кліпів. Надішліть менше.
media-error-mixed_media = Ці файли не поєднуються: кілька файлів — це одне відео з не більш ніж { $max } фото й кліпів. Аудіо, субтитри чи окреме відео надсилайте поодинці.
media-error-link_not_https = Працюють лише посилання https:// ({ $link }). Надішліть https-адресу.
media-error-link_malformed = Це не схоже на придатне посилання: { $link }. Надішліть повну адресу, що починається з https://.
media-error-download_failed = Не вдалося отримати файл із Telegram. Надішліть його ще раз.
media-error-type_mismatch = Вміст файлу не відповідає його назві. Підтримувані формати: { $formats }.
media-error-conversion_failed = Не вдалося перетворити голосове повідомлення. Надішліть його як файл MP3, WAV або M4A.

## delivery results
result-video-caption = ✅ Завдання #{ $id } готове.
result-audio-caption = ✅ Озвучення #{ $id } готове.
result-link = ✅ Завдання #{ $id } готове. Файл завеликий, щоб надіслати його сюди; завантажте його: { $url }
    Посилання діє до { $expires }.
result-link-no-expiry = ✅ Завдання #{ $id } готове. Файл завеликий, щоб надіслати його сюди; завантажте його: { $url }
result-expired = Завдання #{ $id } виконано, але посилання на результат уже недійсне.
result-document-txt = Розшифровка завдання #{ $id } (текст)
result-document-srt = Розшифровка завдання #{ $id } з таймкодами (SRT)
result-clip-caption = { $index }. { $title }
    { $hook }
    Оцінка { $score }/100 · { $from }–{ $to }
result-clips-summary = ✅ Завдання #{ $id }: { $count ->
    [one] { $count } кліп
    [few] { $count } кліпи
    [many] { $count } кліпів
   *[other] { $count } кліпа
}
result-clip-line = { $index }. { $title } · { $score }/100 · { $from }–{ $to }
result-links-expire = Посилання діють до { $expires }.
result-srt-step = Розшифровка дубляжу #{ $id }. Відредагуйте текст у цьому SRT (номери й час не змінюйте) і надішліть файл мені, або натисніть «Озвучити як є».
