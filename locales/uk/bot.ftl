## Command descriptions (the command menu)
command-start = Почати: що вміє бот
command-help = Що я вмію і всі команди
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
    Вітаю, { $name }! Я перетворюю ваші фото, ролики, аудіо й текст на готові медіа:
    відео з озвученням і субтитрами, розшифровки, озвучення, дубляж, нарізки роликів та анімовані відео.

    Оберіть завдання нижче або просто надішліть файл.
welcome-pick = Оберіть завдання:
task-video-name = Слайдшоу з озвученням
task-joined-name = Відео з { $keyframes } { $keyframes ->
    [one] ключового кадру
   *[other] ключових кадрів
}
task-transcription-name = Транскрипція
task-audio-name = Озвучення
task-subtitles-name = Субтитри
task-pause_removal-name = Видалення пауз
task-dubbing-name = Дубляж
task-smart_clip-name = Нарізка роликів
task-motion-name = Анімоване відео
task-video-needs = До 30 фото або відеороликів (JPEG, PNG, WebP, MP4, MOV, AVI) і, за бажанням, текст озвучення.
task-transcription-needs = Один аудіо- або відеофайл (MP3, WAV, M4A, MP4, MOV, AVI) або https-посилання на нього.
task-audio-needs = Текст, який треба озвучити.
task-subtitles-needs = Одне готове відео (MP4, MOV, AVI) або https-посилання на нього.
task-pause_removal-needs = Одне відео (MP4, MOV, AVI) або https-посилання на нього.
task-dubbing-needs = Одне відео та мова дубляжу; за бажанням, SRT-файл із власним перекладом.
task-smart_clip-needs = Одне довге відео (MP4, MOV, AVI) або https-посилання на нього.
task-motion-needs = Текст, голосовий запис або відео з ведучим у кадрі.
task-video-price = 30 токенів за хвилину результату.
task-transcription-price = 40 токенів за хвилину.
task-audio-price = Від безкоштовного до 41 токена за хвилину мовлення, залежно від голосового сервісу.
task-subtitles-price = 50 токенів за хвилину результату; 60 з перекладом.
task-pause_removal-price = 50 токенів за хвилину.
task-dubbing-price = Від 100 до 141 токена за хвилину, залежно від голосового сервісу.
task-smart_clip-price = 80 токенів за хвилину вихідного відео.
task-motion-price = Залежить від ліміту анімованих відео у вашому тарифі.
task-video-next = Надішліть фото або ролики.
task-transcription-next = Надішліть аудіо- чи відеофайл або вставте https-посилання.
task-audio-next = Надішліть текст для озвучення.
task-subtitles-next = Надішліть відео або вставте https-посилання.
task-pause_removal-next = Надішліть відео або вставте https-посилання.
task-dubbing-next = Надішліть відео або вставте https-посилання.
task-smart_clip-next = Надішліть довге відео або вставте https-посилання.
task-motion-next = Надішліть текст, голосове повідомлення або відеоролик.
task-card =
    { $name }

    Потрібно: { $needs }
    Ціна: { $price }

    { $next }
start-unknown-payload = Це посилання не відкриває жодного завдання. Оберіть завдання нижче.

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
    Голосовий сервіс: { $provider }
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
settings-button-voice = Голос
settings-button-speed = Швидкість
settings-button-style = Стиль голосу
settings-button-sub-style = Стиль субтитрів
settings-button-sub-position = Розташування субтитрів
settings-button-sub-size = Розмір субтитрів
settings-button-format = Формат відео
settings-button-reset = Повернути стандартне значення
settings-choose-language = Оберіть мову інтерфейсу:
settings-choose-voice = Оберіть голос за замовчуванням:
settings-no-voices = Голосів вашою мовою немає.
settings-choose-speed = Оберіть швидкість мовлення за замовчуванням:
settings-choose-style = Оберіть стиль голосу (діє в сервісах, що підтримують стилі):
settings-choose-sub-style = Оберіть стиль субтитрів за замовчуванням:
settings-choose-sub-position = Оберіть, де розташовувати субтитри:
settings-choose-sub-size = Оберіть розмір субтитрів:
settings-choose-format = Оберіть формат відео за замовчуванням:
settings-saved = Збережено.

## /balance
balance-media-tokens = Медіазавдання (відео, субтитри, озвучення…): { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токени
    [many] { $tokens } токенів
   *[other] { $tokens } токена
    }
balance-media-tokens-usd = Медіазавдання (відео, субтитри, озвучення…): { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токени
    [many] { $tokens } токенів
   *[other] { $tokens } токена
    } (близько { $usd } USD)
balance-media-plan = Медіазавдання (відео, субтитри, озвучення…): тариф { $tariff }, діє до { $expires }
balance-media-plan-no-expiry = Медіазавдання (відео, субтитри, озвучення…): тариф { $tariff }
balance-generation-tokens = ШІ-зображення та відео: { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токени
    [many] { $tokens } токенів
   *[other] { $tokens } токена
    }
balance-generation-tokens-usd = ШІ-зображення та відео: { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токени
    [many] { $tokens } токенів
   *[other] { $tokens } токена
    } (близько { $usd } USD)
balance-generation-not-linked = ШІ-зображення та відео: під'єднайте акаунт через /connect
balance-generation-unreadable = ШІ-зображення та відео: баланс зараз недоступний, причина — у /account
balance-generation-more = Тариф, ключ і сховище ШІ-акаунта: /account
balance-limits-title = Ліміти медіазавдань:
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
balance-details-more = 🔽 Докладніше: USD і ліміти
balance-details-fewer = 🔼 Коротше

## /tasks
tasks-empty = У вас ще немає завдань. Почніть через /start.
task-status-pending = очікує
task-status-processing = виконується
task-status-completed = готово
task-status-failed = помилка
task-details-progress = Прогрес: { $progress }%
task-details-error = Причина: { $error }
task-not-found = Це завдання не знайдено.

## /apikey
apikey-none =
    У вас ще немає API-ключа. API-ключ потрібен, щоб ваші власні програми працювали із сервісом через HTTP (заголовок X-API-Key).
    Для завдань, які ви запускаєте тут, він не потрібен: бот використовує для них власний ключ, який ніде не показується.
apikey-info =
    Ваш API-ключ: { $prefix }…
    Створено: { $date }
    Повний ключ було показано один раз, під час видачі. Якщо його у вас уже немає, замініть ключ.
    Завдання, які ви запускаєте тут, його не використовують, тож його зміна на них не впливає.
apikey-new =
    Ваш новий API-ключ (показується один раз; це повідомлення зникне за 10 хвилин):
    { $key }
apikey-button-issue = Отримати ключ
apikey-button-rotate = Замінити ключ
apikey-button-revoke = Відкликати ключ
apikey-rotate-confirm = Замінити ключ? Поточний ключ одразу перестане працювати.
apikey-revoke-confirm = Відкликати ключ? Він одразу перестане працювати.
apikey-revoked = Ключ відкликано: він більше не працює. На ваші завдання в цьому чаті це не впливає. Новий ключ можна отримати через /apikey.
apikey-issued = Ключ видано. Він у наступному повідомленні.
apikey-replaced = Ключ замінено: старий більше не працює. Новий — у наступному повідомленні.
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
intake-offer-more = Надішліть ще фото чи ролики, щоб додати їх, або виберіть завдання.
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
media-error-empty_file = Цей файл порожній ({ $name }): у ньому немає з чим працювати. Надішліть файл ще раз із того місця, де він збережений.
media-error-too_big_for_bot_api = Файл більший за { $limitMb } МБ — це найбільше, що бот може завантажити з Telegram. Завантажте його деінде й надішліть мені https-посилання.
media-error-too_big_for_intake = Файл більший за { $limitMb } МБ — це найбільше, що приймає цей бот. Надішліть натомість https-посилання на нього.
media-error-too_big_for_service = Файл більший за { $limitMb } МБ — це найбільше, що приймає сервіс. Надішліть коротший або менший файл.
media-error-too_many_media = { $count ->
    [one] Це { $count } файл
    [few] Це { $count } файли
   *[other] Це { $count } файлів
    }, а відео приймає щонайбільше { $max } фото й роликів. Надішліть менше.
media-error-mixed_media = Ці файли не поєднуються: кілька файлів — це одне відео з не більш ніж { $max } фото й роликів. Аудіо, субтитри чи окреме відео надсилайте поодинці.
media-error-link_not_https = Працюють лише посилання https:// ({ $link }). Надішліть https-адресу.
media-error-link_malformed = Це не схоже на придатне посилання: { $link }. Надішліть повну адресу, що починається з https://.
media-error-download_failed = Не вдалося отримати файл із Telegram. Надішліть його ще раз.
media-error-type_mismatch = Вміст файлу не відповідає його назві. Підтримувані формати: { $formats }.
media-error-conversion_failed = Не вдалося перетворити голосове повідомлення. Надішліть його як файл MP3, WAV або M4A.

## task forms
form-create = ✅ Створити
form-details-more = 🔽 Докладніше: ще { $count ->
    [one] { $count } параметр
    [few] { $count } параметри
    [many] { $count } параметрів
   *[other] { $count } параметра
    }
form-details-more-and-notes = { $count ->
    [0] 🔽 Докладніше: як буде використано ваші файли
    [one] 🔽 Докладніше: ще { $count } параметр і як буде використано файли
    [few] 🔽 Докладніше: ще { $count } параметри і як буде використано файли
    [many] 🔽 Докладніше: ще { $count } параметрів і як буде використано файли
   *[other] 🔽 Докладніше: ще { $count } параметра і як буде використано файли
    }
form-details-fewer = 🔼 Коротше
paid-from-media-tasks = Оплата: з балансу медіазавдань
paid-from-media-tasks-plan = Оплата: за вашим тарифом медіазавдань
paid-from-generations = Оплата: з балансу ШІ-зображень та відео
form-reset = Повернути стандартне значення
form-or-type = Або введіть значення.
form-type-text = Надішліть одним повідомленням (до { $max } { $max ->
        [one] символу
       *[other] символів
    }).
form-send-file-audio = Надішліть свій файл MP3.
form-send-file-subtitles = Надішліть файл SRT.
form-media-add = ➕ Додати фото або ролики
form-media-done = Готово ({ $count })
form-media-count = Файлів: { $count } з { $max } можливих
form-media-needed = { $min ->
    [one] Спершу надішліть хоча б один файл.
   *[other] Спершу надішліть щонайменше { $min } файли.
}
form-media-prompt-video = Надішліть від 1 до 30 фото або відеороликів — по одному чи альбомами — або https-посилання на них. Коли все буде тут, натисніть «Готово».
form-media-prompt-transcription = Надішліть аудіо- чи відеофайл або вставте https-посилання на нього.
form-media-prompt-audio = Надішліть текст для озвучення.
form-media-prompt-subtitles = Надішліть відео або вставте https-посилання на нього.
form-media-prompt-pause_removal = Надішліть відео або вставте https-посилання на нього.
form-media-prompt-dubbing = Надішліть відео для дубляжу або вставте https-посилання на нього.
form-media-prompt-smart_clip = Надішліть довге відео або вставте https-посилання на нього.
form-media-prompt-motion = Надішліть голосовий запис або відео з ведучим у кадрі чи вставте https-посилання на нього.
form-media-wrong-video = Відео складається лише з фото й відеороликів.
form-media-wrong-transcription = Для транскрипції потрібен один аудіо- або відеофайл.
form-media-wrong-audio = Озвучення створюється з тексту; файл не потрібен.
form-media-wrong-subtitles = Для субтитрів потрібне одне відео.
form-media-wrong-pause_removal = Для видалення пауз потрібне одне відео.
form-media-wrong-dubbing = Для дубляжу потрібне одне відео.
form-media-wrong-smart_clip = Для нарізки роликів потрібне одне відео.
form-media-wrong-motion = Для анімованого відео потрібен голосовий запис (аудіо) або відеоролик.
form-file-expected-audio = Будь ласка, надішліть сюди файл MP3.
form-file-expected-subtitles = Будь ласка, надішліть сюди файл SRT.
form-file-expected-image = Будь ласка, надішліть сюди фото.
form-file-expected-video = Будь ласка, надішліть сюди відео.
form-srt-as-file = Будь ласка, надішліть SRT файлом, а не посиланням, щоб я міг спершу його перевірити.
form-srt-too-big = Цей файл завеликий для SRT (щонайбільше 2 МБ).
form-use-buttons = Будь ласка, оберіть за допомогою кнопок.
form-scene-map = Сцена { $scene } → файл { $media }
form-cancelled = { $task }: скасовано. Нічого не надіслано.
form-submitting = Надсилаю…
form-too-long = Ця форма відкрита вже надто багато кроків. Почніть знову з /start.
form-required = Будь ласка, заповніть: { $field }
form-error-field = Сервіс не прийме це значення: { $field }
form-error-number = Будь ласка, надішліть число.
form-error-integer = Будь ласка, надішліть ціле число.
form-error-range = Будь ласка, надішліть число від { $min } до { $max }.
form-error-language = Будь ласка, надішліть код мови, наприклад en, uk або pt-BR.
form-error-number-list = Будь ласка, надішліть додатні числа через пробіл, наприклад: 3 4 2.5
form-error-count = Потрібно значень: { $expected }, отримано: { $actual }.
form-error-word = «{ $word }» — не з переліку: { $allowed }
form-error-too-long = Символів: { $length }, а тут вміщується щонайбільше { $max }.
form-overlay-count = { $count ->
    [one] { $count } напис
    [few] { $count } написи
    [many] { $count } написів
   *[other] { $count } напису
}
form-overlay-add = ➕ Додати напис
form-overlay-type = Надішліть текст напису (щонайбільше 200 символів). Щоб задати час, допишіть його після вертикальної риски: Розпродаж сьогодні | 2-5
form-overlay-delete = 🗑 Видалити цей напис
form-overlay-text = Напис має містити від 1 до { $max } { $max ->
        [one] символу
       *[other] символів
    }.
form-overlay-times = Запишіть час як початок-кінець у секундах, наприклад 2-5, або 3-, щоб напис тривав до кінця.
form-overlay-full = { $max ->
    [one] Щонайбільше { $max } напис.
    [few] Щонайбільше { $max } написи.
   *[other] Щонайбільше { $max } написів.
}
overlay-style = Стиль
overlay-position = Розташування
overlay-size = Розмір
overlay-anim = Анімація
overlay-bold = Жирний
overlay-italic = Курсив
overlay-fade = Плавна поява
value-on = увімкнено
value-off = вимкнено
value-none = не задано

form-group-voice = 🎙 Голос
form-group-scenes = 🎞 Сцени та формат
form-group-subtitles = 💬 Субтитри
form-group-captions = 🏷 Написи
form-group-music = 🎵 Музика
form-group-cards = 🃏 Картки
form-group-sounds = 🔊 Звукові ефекти
form-group-recognition = 🗣 Розпізнавання
form-group-translation = 🌐 Переклад
form-group-reels = 📱 Вертикальне відео
form-group-clips = ✂️ Ролики
form-group-filters = 🎨 Фільтри
form-group-source = 📝 Джерело
form-group-look = 🖼 Вигляд
form-group-languages = 🌐 Мови та режим
form-group-mix = 🎚 Звук

field-text = Текст
field-language = Мова
field-tts_voice = Голос
field-tts_speed = Швидкість
field-tts_style = Стиль мовлення
field-tts_scene = Інструкція для голосу
field-format = Формат
field-animation = Анімація
field-transition = Перехід
field-transition_duration = Тривалість переходу (с)
field-scene_durations = Тривалість сцен (с)
field-scene_transitions = Переходи для кожної склейки
field-target_duration = Цільова тривалість (с)
field-subtitles = Субтитри
field-sub_style = Стиль субтитрів
field-sub_position = Розташування субтитрів
field-sub_size = Розмір субтитрів
field-sub_color = Колір субтитрів
field-text_overlays = Написи
field-text_overlays_raw = Написи кодом
field-auto_text = Автоматичні написи
field-bgm_track = Музика з бібліотеки
field-bgm_file = Ваша музика
field-bgm_volume = Гучність музики
field-audio_mix_type = Власний звук роликів
field-ai_graphics = Картки
field-ai_graphics_mode = Режим карток
field-ai_graphics_density = Щільність карток
field-ai_graphics_directives = Вказівки для карток
field-ai_graphics_sfx = Звук карток
field-sfx_auto_sound = Звук написів
field-sfx_transition_sound = Звук зміни сцени
field-ai_prompt = Підказка для розпізнавання
field-output_format = Формат результату
field-translate_to = Перекласти на
field-reels_mode = Вертикальне 9:16
field-reels_reframe = Кадрування
field-mode = Режим
field-target_lang = Мова дубляжу
field-source_lang = Мова оригіналу
field-srt_file = Ваші субтитри
field-mix_mode = Оригінальний звук
field-overlay_volume = Гучність оригіналу (%)
field-sub_lang = Субтитри показують
field-max_clips = Кількість роликів
field-target_sec = Тривалість ролика (с)
field-context = Про що відео
field-filters = Фільтри
field-source = Джерело
field-style = Тема

hint-text = Слова для озвучення. Позначайте склейки через `{"{"}scene{"}"}`, перехід — через `{"{"}scene:fade{"}"}`, його тривалість — через `{"{"}scene:fade:0.8{"}"}`, а лише тривалість — через `{"{"}scene:2{"}"}`. Позначки не зачитуються. Без тексту відео буде беззвучним.
hint-language = Мова озвучення або мовлення. Сервіс може визначити її сам.
hint-tts_speed = Як швидко говорить голос.
hint-tts_style = Манера мовлення; її підтримують не всі голосові сервіси.
hint-tts_scene = Довільна інструкція для голосу, наприклад: тепло, неквапливо, як диктор документального фільму. Її приймають не всі голосові сервіси.
hint-format = Вертикальний для телефона, горизонтальний для екрана, квадратний або як в оригіналі.
hint-animation = Плавний наїзд і панорама оживлюють фото.
hint-transition = Перехід між сценами, якщо позначка не задає іншого (коли анімацію ввімкнено).
hint-transition_duration = Скільки секунд триває кожен перехід.
hint-scene_durations = Для відео без звуку: секунди на кожен файл, по одному числу, через пробіл, наприклад: 3 4 2.5
hint-scene_transitions = Для відео без звуку: по одному переходу на кожну склейку, через пробіл, наприклад: `fade zoom slide`. Назви: `fade`, `dissolve`, `slide`, `cover`, `reveal`, `zoom`, `squeeze`, `wind`, `pixel`, `circle`, `random`.
hint-target_duration = Довший результат прискорюється до цієї тривалості, але не більш ніж удвічі; коротший лишається як є. Діє ліміт вашого тарифу.
hint-subtitles = Субтитри, у яких підсвічується слово, що звучить.
hint-sub_style = Вигляд субтитрів.
hint-sub_position = Де розташовані субтитри.
hint-sub_size = Наскільки великі субтитри.
hint-sub_color = Колір субтитрів. Можна надіслати й свій у вигляді `#RRGGBB`.
hint-text_overlays = Статичні написи поверх відео: до 10, кожен зі своїм стилем, розташуванням, розміром, анімацією та часом.
hint-text_overlays_raw = Усі написи одним повідомленням, по одному в рядку (або через /): `ТЕКСТ | атрибути | початок-кінець`. Атрибути: `small`, `medium`, `large`; `bold`, `thin`, `italic`; `top`, `middle`, `bottom`; `left`, `center`, `right`; `white`, `yellow`, `red`, `green`, `blue`, `pink`, `orange`, `purple`, `black`, `cyan`; `pop`, `slide`, `type`, `fade`, `none`. Приклад: `РОЗПРОДАЖ | large bold top center yellow pop | 0-3`
hint-auto_text = Ключові слова з озвучення спливають як написи (50 токенів за відео).
hint-bgm_track = Трек із бібліотеки, за стилем.
hint-bgm_file = Ваш власний MP3 як фонова музика.
hint-bgm_volume = Наскільки гучно грає музика під голосом; зазвичай 20 %. Можна надіслати число від 0 до 100.
hint-audio_mix_type = Що буде зі звуком ваших роликів під голосом і музикою.
hint-ai_graphics = Анімовані картки поверх відео: списки, числа, цитати, порівняння, графіки (по 30 токенів).
hint-ai_graphics_mode = Автоматично: картки добираються за озвученням. З вашими вказівками: автоматичні плюс описані вами. Лише ваші вказівки: працює й для відео без звуку.
hint-ai_graphics_density = Як часто з’являються картки.
hint-ai_graphics_directives = Одна картка в рядку: `MM:SS[-MM:SS] шаблон аргументи [@позиція]`. Шаблони: `caption`, `quote`, `subscribe`, `like`, `list`, `steps`, `stat`, `percent`, `trend`, `compare`. Позиції: `@center`, `@top`, `@bottom`, `@left`, `@right`. Приклад: `00:05-00:09 stat 87% глядачів @top`
hint-ai_graphics_sfx = Звук під час появи кожної картки.
hint-sfx_auto_sound = Звук під час появи кожного автоматичного напису.
hint-sfx_transition_sound = Звук на кожній зміні сцени.
hint-ai_prompt = Імена, терміни чи контекст, що допоможуть розпізнаванню. Імена з вашого словника /glossary додаються до підказки в кожному завданні.
hint-output_format = Простий текст, субтитри з таймкодами або обидва варіанти.
hint-translate_to = Перекласти субтитри; таймінг і звук не змінюються.
hint-reels_mode = Робить результат вертикальним 9:16.
hint-reels_reframe = Як зображення заповнює вертикальний кадр.
hint-mode = Автоматично: усе робиться саме. «Спершу перевірити текст»: ви отримаєте розшифровку для правок. «Мої субтитри»: використовується ваш файл субтитрів мовою дубляжу.
hint-target_lang = Мова нового голосу.
hint-source_lang = Мова, якою говорять у відео.
hint-srt_file = Файл субтитрів мовою дубляжу, час якого вкладається в тривалість відео.
hint-mix_mode = Що буде з оригінальним звуком під новим голосом.
hint-overlay_volume = Наскільки гучним лишається оригінал, від 0 до 100.
hint-sub_lang = Яке мовлення показують субтитри. Можна надіслати й код мови, наприклад `de`.
hint-max_clips = «Автоматично» — приблизно один ролик на 5 хвилин (від 4 до 10).
hint-target_sec = Бажана тривалість ролика; склейки припадають на паузи в мовленні.
hint-context = Що це за відео і що в ньому шукати. Імена з вашого словника /glossary додаються до опису самі.
hint-filters = Кольорові фільтри для кожного ролика; оберіть будь-які.
hint-source = Текст, голосовий запис або відео з ведучим у кадрі.
hint-style = Як виглядатиме анімоване відео.

## voice picker
voice-choose-language = Оберіть мову голосу:
voice-choose-voice = Голоси, мова: { $language }. Оберіть голос.
voice-play-sample = ▶ — прослухати зразок.
voice-price-free = безкоштовно
voice-line = { $name } — { $traits } голос
voice-gender-female = жіночий
voice-gender-male = чоловічий
voice-gender-neutral = нейтральний
voice-tone-calm = спокійний
voice-tone-warm = теплий
voice-tone-bright = дзвінкий
voice-tone-deep = глибокий
voice-tone-soft = м'який
voice-tone-energetic = енергійний
voice-tone-confident = впевнений
voice-other-language = 🌐 Інша мова
voice-automatic = Нехай обере сервіс
voice-preview-sent = Зразок надіслано нижче.
voice-preview-making = Створюю зразок; він надійде за кілька секунд.
voice-preview-failed = Зараз не вдалося створити зразок голосу. Спробуйте пізніше.

## task cards
card-queued = ⏳ { $task }: підготовка…
card-uploading = ⏳ { $task }: завантаження файлу { $done } з { $total }…
card-creating = ⏳ { $task }: створення завдання…
card-created = 🕓 { $task } #{ $id }: створено, чекає в черзі.
card-progress = ⚙️ { $task } #{ $id }: виконано { $percent }%.
card-delivered = ✅ { $task } #{ $id }: готово, результат нижче.
card-failed = ❌ { $task } #{ $id }: помилка, подробиці нижче.
card-submit-failed = ❌ { $task }: не створено. { $reason } Нічого не списано.
card-unconfirmed = ⏳ { $task }: сервіс не підтвердив завдання, тож я перевіряю, чи його створено. Вдруге я його не надсилатиму; якщо воно є, результат прийде сюди.
card-not-created = ❌ { $task }: не створено. Сервіс так і не підтвердив завдання, і серед ваших завдань його немає. Натисніть «Повторити», щоб надіслати його ще раз.
card-unresolved = ⚠️ { $task }: сервіс не підтвердив завдання, а тоді ж було створено кілька схожих, тож я не можу визначити, яке з них ваше. Знайдіть його в /tasks.
card-gave-up = ⌛ { $task } #{ $id }: досі не завершено, хоча минуло багато часу. Я перестав чекати; коли завдання буде готове, воно з'явиться в /tasks.
outcome-button-repeat = 🔁 Повторити зі змінами
outcome-button-newTask = ➕ Нове завдання
outcome-button-retrySubmit = 🔄 Повторити
outcome-button-tryAgain = 🔄 Спробувати ще раз
outcome-failed = ❌ { $task } #{ $id } — помилка: { $error }
    Нічого не списано.
outcome-failed-unknown = сервіс не вказав причини
outcome-link-fallback = Завдання #{ $id } готове. Якщо файл не надійшов вище, завантажте його тут: { $url }
outcome-task-gone = Сервіс більше не знає завдання #{ $id }; його результат неможливо доставити.

## form rules (what the service would refuse)
rule-invalid = Це значення не приймається.
rule-auto_text_needs_text = Для автоматичних написів потрібен текст озвучення.
rule-bgm_exclusive = Оберіть музику з бібліотеки або свій MP3, а не обидва варіанти.
rule-color_not_ass = Колір треба записати у вигляді #RRGGBB.
rule-color_not_hex = Колір треба записати у вигляді #RRGGBB.
rule-filters_repeated = Кожен фільтр можна обрати лише раз.
rule-language_invalid = Це не код мови (наприклад en, uk, pt-BR).
rule-url_not_https = Посилання мають починатися з https://.
rule-file_ref_insecure = Посилання мають починатися з https://.
rule-media_count_invalid = Немає файлів, до яких можна прив'язати сцени.
rule-scene_count_invalid = У тексті немає сцен.
rule-scene_marker_bad_seconds = Рядок { $line }: тривалість сцени має бути додатним числом секунд.
rule-scene_marker_malformed = Рядок { $line }: позначка сцени записується так: {"{"}scene{"}"}, {"{"}scene:fade{"}"}, {"{"}scene:fade:0.8{"}"} або {"{"}scene:2{"}"}.
rule-scene_marker_unclosed = Рядок { $line }: позначку сцени не закрито символом {"}"}.
rule-scene_marker_unknown_type = Рядок { $line }: невідомий перехід. Використовуйте fade, dissolve, slide, cover, reveal, zoom, squeeze, wind, pixel, circle або random.
rule-scene_durations_count = Для тривалостей сцен потрібне одне значення на файл ({ $expected }).
rule-scene_transitions_count = Для переходів потрібне одне значення на склейку ({ $expected }).
rule-text_overlays_both = Використовуйте редактор написів або написи кодом, а не обидва способи.
rule-overlay_empty = Рядок { $line }: напис має містити текст.
rule-overlay_too_many = Щонайбільше 10 написів.
rule-overlay_time_order = Напис має закінчуватися після свого початку.
rule-directive_args_missing = Рядок { $line }: цьому шаблону картки потрібні аргументи.
rule-directive_empty = Напишіть хоча б одну вказівку для картки.
rule-directive_position_unknown = Рядок { $line }: позиція має бути @center, @top, @bottom, @left або @right.
rule-directive_template_missing = Рядок { $line }: після часу вкажіть шаблон.
rule-directive_template_unknown = Рядок { $line }: невідомий шаблон. Використовуйте caption, quote, subscribe, like, list, steps, stat, percent, trend або compare.
rule-directive_time_invalid = Рядок { $line }: запишіть час як MM:SS або MM:SS-MM:SS (або end).
rule-directive_time_order = Рядок { $line }: картка має закінчуватися після свого початку.
rule-directive_too_many = Забагато вказівок для карток.
rule-ai_graphics_directives_mode = Вказівки для карток діють лише в режимах «Автоматично і мої вказівки» та «Лише мої вказівки».
rule-ai_graphics_directives_required = Для карток у ручному режимі потрібні ваші вказівки.
rule-ai_graphics_sfx_needs_ai_graphics = Звук карток працює лише з увімкненими картками.
rule-sfx_auto_sound_needs_auto_text = Звук написів працює лише з увімкненими автоматичними написами.
rule-overlay_volume_needs_overlay = Гучність оригіналу діє, лише коли оригінальний звук залишається.
rule-tts_style_unsupported = Цей голосовий сервіс не має стилів мовлення.
rule-tts_scene_unsupported = Цей голосовий сервіс не приймає інструкцій для голосу.
rule-motion_text_required = Для анімованого відео з тексту потрібен текст.
rule-motion_file_required = Для анімованого відео із запису чи ролика потрібен файл.
rule-motion_tts_only_for_text = Голос обирається лише для анімованого відео з тексту.
rule-motion_format_not_for_video = В анімованому відео з відео формат визначає сам ролик.
rule-target_duration_invalid = Цільова тривалість має бути додатним числом секунд.
rule-target_duration_over_limit = Ваш тариф дозволяє відео тривалістю щонайбільше { $max } с.
rule-target_duration_speedup = Для цього знадобилося б прискорення більш ніж удвічі; найменша можлива тривалість — { $min } с.
rule-srt_empty = SRT порожній.
rule-srt_end_before_start = Рядок { $line }: субтитр закінчується раніше, ніж починається.
rule-srt_exceeds_duration = Субтитр { $index } закінчується о { $end }, на { $over } с пізніше за кінець відео ({ $max }). Перенесіть його кінець раніше й надішліть файл ще раз.
rule-srt_index_invalid = Рядок { $line }: номер запису — не число.
rule-srt_index_missing = Рядок { $line }: бракує номера запису.
rule-srt_line_too_long = Рядок { $line } задовгий.
rule-srt_overlap = Рядок { $line }: цей субтитр накладається на попередній.
rule-srt_text_empty = Рядок { $line }: субтитр без тексту.
rule-srt_timecode_invalid = Рядок { $line }: записуйте час як HH:MM:SS,mmm --> HH:MM:SS,mmm.
rule-srt_too_large = SRT завеликий.
rule-srt_too_many_entries = У SRT забагато записів.

## delivery results
result-link = ✅ Завдання #{ $id } готове. Файл завеликий, щоб надіслати його сюди; завантажте його: { $url }
    Посилання діє до { $expires }.
result-link-no-expiry = ✅ Завдання #{ $id } готове. Файл завеликий, щоб надіслати його сюди; завантажте його: { $url }
result-expired = Завдання #{ $id } виконано, але посилання на результат уже недійсне.
result-clip-caption = { $index }. { $title }
    { $hook }
    Оцінка { $score }/100 · { $from }–{ $to }
result-clips-summary = ✅ Завдання #{ $id }: { $count ->
    [one] { $count } ролик
    [few] { $count } ролики
    [many] { $count } роликів
   *[other] { $count } ролика
}
result-clip-line = { $index }. { $title } · { $score }/100 · { $from }–{ $to }
result-links-expire = Посилання діють до { $expires }.
