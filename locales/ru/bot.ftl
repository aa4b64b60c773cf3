## Command descriptions (the command menu)
command-start = Начать: что умеет бот
command-help = Что я умею и все команды
command-cancel = Выйти из текущего шага
command-settings = Язык, голос, субтитры, формат по умолчанию
command-language = Язык интерфейса
command-balance = Баланс, лимиты и расход
command-tasks = Ваши задачи и их результаты
command-apikey = Ваш API-ключ

## General
error-generic = У нас что-то пошло не так. Попробуйте ещё раз через минуту.
rate-limited = Слишком много сообщений сразу. Пожалуйста, чуть медленнее.
unexpected-input = Я не понял. Выберите задачу через /start или посмотрите /help.
group-private-only = Я работаю в личном чате. Нажмите кнопку, чтобы открыть его.
button-open-private = Открыть личный чат
button-stale = Эта кнопка из более старого сообщения. Воспользуйтесь последним.
button-foreign = Эта кнопка не ваша.
button-back = « Назад
button-next = Дальше »
button-prev = « Предыдущая
button-cancel = Отмена
button-confirm = Да, продолжить

## /start and task types
welcome =
    Здравствуйте, { $name }! Я превращаю ваши фото, ролики, аудио и текст в готовые медиа:
    видео с озвучкой и субтитрами, расшифровки, озвучку, дубляж, нарезки роликов и анимированные видео.

    Выберите задачу ниже или просто пришлите файл.
welcome-pick = Выберите задачу:
task-video-name = Слайд-шоу с озвучкой
task-joined-name = Видео из { $keyframes } { $keyframes ->
    [one] ключевого кадра
   *[other] ключевых кадров
}
task-transcription-name = Расшифровка
task-audio-name = Озвучка
task-subtitles-name = Субтитры
task-pause_removal-name = Удаление пауз
task-dubbing-name = Дубляж
task-smart_clip-name = Нарезка роликов
task-motion-name = Анимированное видео
task-video-needs = До 30 фото или видеороликов (JPEG, PNG, WebP, MP4, MOV, AVI) и, по желанию, текст озвучки.
task-transcription-needs = Один аудио- или видеофайл (MP3, WAV, M4A, MP4, MOV, AVI) или https-ссылка на него.
task-audio-needs = Текст, который нужно озвучить.
task-subtitles-needs = Одно готовое видео (MP4, MOV, AVI) или https-ссылка на него.
task-pause_removal-needs = Одно видео (MP4, MOV, AVI) или https-ссылка на него.
task-dubbing-needs = Одно видео и язык дубляжа; по желанию SRT-файл с вашим переводом.
task-smart_clip-needs = Одно длинное видео (MP4, MOV, AVI) или https-ссылка на него.
task-motion-needs = Текст, голосовая запись или видео с ведущим в кадре.
task-video-price = 30 токенов за минуту результата.
task-transcription-price = 40 токенов за минуту.
task-audio-price = От бесплатного до 41 токена за минуту речи, в зависимости от голосового сервиса.
task-subtitles-price = 50 токенов за минуту результата; 60 с переводом.
task-pause_removal-price = 50 токенов за минуту.
task-dubbing-price = От 100 до 141 токена за минуту, в зависимости от голосового сервиса.
task-smart_clip-price = 80 токенов за минуту исходного видео.
task-motion-price = Зависит от лимита анимированных видео в вашем тарифе.
task-video-next = Пришлите фото или ролики.
task-transcription-next = Пришлите аудио- или видеофайл либо вставьте https-ссылку.
task-audio-next = Пришлите текст для озвучки.
task-subtitles-next = Пришлите видео или вставьте https-ссылку.
task-pause_removal-next = Пришлите видео или вставьте https-ссылку.
task-dubbing-next = Пришлите видео или вставьте https-ссылку.
task-smart_clip-next = Пришлите длинное видео или вставьте https-ссылку.
task-motion-next = Пришлите текст, голосовое сообщение или видеоролик.
task-card =
    { $name }

    Нужно: { $needs }
    Цена: { $price }

    { $next }
start-unknown-payload = Эта ссылка не открывает ни одной задачи. Выберите задачу ниже.

## /cancel
cancel-done = Отменено. Ничего не ожидается. Выберите новую задачу через /start.

## /language
language-pick = Выберите язык интерфейса:
language-changed = Язык интерфейса теперь русский.
language-name-en = English
language-name-uk = Українська
language-name-ru = Русский

## /settings
settings-title = Ваши настройки по умолчанию (они заполняют каждую новую задачу):
settings-summary =
    Язык: { $language }
    Голосовой сервис: { $provider }
    Голос: { $voice }
    Скорость: { $speed }
    Стиль голоса: { $style }
    Стиль субтитров: { $subStyle }
    Положение субтитров: { $subPosition }
    Размер субтитров: { $subSize }
    Формат видео: { $format }
settings-not-set = не задано
settings-automatic = автоматически
settings-button-language = Язык
settings-button-voice = Голос
settings-button-speed = Скорость
settings-button-style = Стиль голоса
settings-button-sub-style = Стиль субтитров
settings-button-sub-position = Положение субтитров
settings-button-sub-size = Размер субтитров
settings-button-format = Формат видео
settings-button-reset = Вернуть значение по умолчанию
settings-choose-language = Выберите язык интерфейса:
settings-choose-voice = Выберите голос по умолчанию:
settings-no-voices = Голосов на вашем языке нет.
settings-choose-speed = Выберите скорость речи по умолчанию:
settings-choose-style = Выберите стиль голоса (действует в сервисах, которые поддерживают стили):
settings-choose-sub-style = Выберите стиль субтитров по умолчанию:
settings-choose-sub-position = Выберите, где располагать субтитры:
settings-choose-sub-size = Выберите размер субтитров:
settings-choose-format = Выберите формат видео по умолчанию:
settings-saved = Сохранено.

## /balance
balance-media-tokens = Медиазадачи (видео, субтитры, озвучка…): { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токена
    [many] { $tokens } токенов
   *[other] { $tokens } токена
    }
balance-media-tokens-usd = Медиазадачи (видео, субтитры, озвучка…): { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токена
    [many] { $tokens } токенов
   *[other] { $tokens } токена
    } (около { $usd } USD)
balance-media-plan = Медиазадачи (видео, субтитры, озвучка…): тариф { $tariff }, действует до { $expires }
balance-media-plan-no-expiry = Медиазадачи (видео, субтитры, озвучка…): тариф { $tariff }
balance-generation-tokens = ИИ-изображения и видео: { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токена
    [many] { $tokens } токенов
   *[other] { $tokens } токена
    }
balance-generation-tokens-usd = ИИ-изображения и видео: { $tokens ->
    [one] { $tokens } токен
    [few] { $tokens } токена
    [many] { $tokens } токенов
   *[other] { $tokens } токена
    } (около { $usd } USD)
balance-generation-not-linked = ИИ-изображения и видео: подключите аккаунт через /connect
balance-generation-unreadable = ИИ-изображения и видео: баланс сейчас недоступен, причина — в /account
balance-generation-more = Тариф, ключ и хранилище ИИ-аккаунта: /account
balance-limits-title = Лимиты медиазадач:
balance-limit-seconds = Секунд видео в месяц: { $value }
balance-limit-tts = Символов озвучки: { $value }
balance-limit-premium-tts = Символов премиум-голоса: { $value }
balance-limit-transcription = Секунд расшифровки: { $value }
balance-limit-photos = Фото на видео: { $value }
balance-limit-video-duration = Самое длинное видео: { $value } с
balance-limit-file-size = Самый большой файл: { $value } МБ
balance-usage-title = Израсходовано в этом месяце:
balance-usage-seconds = Секунд видео: { $value }
balance-usage-tts = Символов озвучки: { $value }
balance-usage-premium-tts = Символов премиум-голоса: { $value }
balance-usage-transcription = Секунд расшифровки: { $value }
balance-reset = Лимиты обновятся { $date }.
balance-details-more = 🔽 Подробнее: USD и лимиты
balance-details-fewer = 🔼 Короче

## /tasks
tasks-empty = У вас ещё нет задач. Начните через /start.
task-status-pending = ожидает
task-status-processing = выполняется
task-status-completed = готово
task-status-failed = ошибка
task-details-progress = Прогресс: { $progress }%
task-details-error = Причина: { $error }
task-not-found = Эта задача не найдена.

## /apikey
apikey-none =
    У вас ещё нет API-ключа. API-ключ нужен, чтобы ваши собственные программы работали с сервисом по HTTP (заголовок X-API-Key).
    Для задач, которые вы запускаете здесь, он не нужен: бот использует для них собственный ключ, который нигде не показывается.
apikey-info =
    Ваш API-ключ: { $prefix }…
    Создан: { $date }
    Полный ключ был показан один раз, при выдаче. Если его у вас уже нет, замените ключ.
    Задачи, которые вы запускаете здесь, его не используют, поэтому его смена на них не влияет.
apikey-new =
    Ваш новый API-ключ (показывается один раз; это сообщение исчезнет через 10 минут):
    { $key }
apikey-button-issue = Получить ключ
apikey-button-rotate = Заменить ключ
apikey-button-revoke = Отозвать ключ
apikey-rotate-confirm = Заменить ключ? Текущий ключ сразу перестанет работать.
apikey-revoke-confirm = Отозвать ключ? Он сразу перестанет работать.
apikey-revoked = Ключ отозван: он больше не работает. На ваши задачи в этом чате это не влияет. Новый ключ можно получить через /apikey.
apikey-issued = Ключ выдан. Он в следующем сообщении.
apikey-replaced = Ключ заменён: старый больше не работает. Новый — в следующем сообщении.
apikey-kept = Ничего не изменено.

## Service errors
service-error-unauthorized = Сервис не принял ваш API-ключ. Получите новый через /apikey.
service-error-insufficient_balance = На балансе недостаточно токенов. Проверьте через /balance.
service-error-forbidden = Ваш тариф не включает эту функцию.
service-error-not_found = Сервис этого не нашёл. Загруженные файлы хранятся 2 часа; пришлите файл ещё раз.
service-error-too_large = Файл слишком большой для сервиса (не больше 500 МБ).
service-error-unsupported_type = Сервис не принимает файлы такого типа.
service-error-rate_limited = Сервис ещё обрабатывает ваши предыдущие запросы. Попробуйте через минуту.
service-error-server = Внутренняя ошибка сервиса. Попробуйте позже.
service-error-timeout = Сервис слишком долго не отвечал. Попробуйте ещё раз.
service-error-network = Сервис сейчас недоступен. Попробуйте позже.
service-error-invalid_request = Сервис отклонил запрос как некорректный.
service-error-invalid_response = Сервис прислал ответ, который я не смог прочитать. Попробуйте позже.

## intake
intake-offer = Получено: { $media }. Что из этого сделать?
intake-offer-more = Пришлите ещё фото или ролики, чтобы добавить их, или выберите задачу.
intake-expired = Файлов, которые вы присылали, у меня уже нет. Пришлите их ещё раз.
intake-count-photo = { $count ->
    [one] { $count } фото
    [few] { $count } фото
    [many] { $count } фото
   *[other] { $count } фото
}
intake-count-video = { $count ->
    [one] { $count } видео
    [few] { $count } видео
    [many] { $count } видео
   *[other] { $count } видео
}
intake-count-audio = { $count ->
    [one] { $count } аудиофайл
    [few] { $count } аудиофайла
    [many] { $count } аудиофайлов
   *[other] { $count } аудиофайла
}
intake-count-voice = { $count ->
    [one] { $count } голосовое сообщение
    [few] { $count } голосовых сообщения
    [many] { $count } голосовых сообщений
   *[other] { $count } голосового сообщения
}
intake-count-video_note = { $count ->
    [one] { $count } видеосообщение
    [few] { $count } видеосообщения
    [many] { $count } видеосообщений
   *[other] { $count } видеосообщения
}
intake-count-document = { $count ->
    [one] { $count } файл
    [few] { $count } файла
    [many] { $count } файлов
   *[other] { $count } файла
}
intake-count-link = { $count ->
    [one] { $count } ссылка
    [few] { $count } ссылки
    [many] { $count } ссылок
   *[other] { $count } ссылки
}
media-error-unsupported_type = Этот файл я не могу использовать ({ $name }). Поддерживаемые форматы: { $formats }, а также голосовые сообщения.
media-error-empty_file = Этот файл пустой ({ $name }): в нём нечего обрабатывать. Пришлите файл ещё раз оттуда, где он сохранён.
media-error-too_big_for_bot_api = Файл больше { $limitMb } МБ — это максимум, который бот может скачать из Telegram. Загрузите его куда-нибудь и пришлите мне https-ссылку.
media-error-too_big_for_intake = Файл больше { $limitMb } МБ — это максимум, который принимает этот бот. Пришлите вместо него https-ссылку.
media-error-too_big_for_service = Файл больше { $limitMb } МБ — это максимум, который принимает сервис. Пришлите файл короче или меньше.
media-error-too_many_media = { $count ->
    [one] Это { $count } файл
    [few] Это { $count } файла
   *[other] Это { $count } файлов
    }, а видео принимает не больше { $max } фото и роликов. Пришлите меньше.
media-error-mixed_media = Эти файлы не сочетаются: несколько файлов — это одно видео из не более чем { $max } фото и роликов. Аудио, субтитры или отдельное видео присылайте по одному.
media-error-link_not_https = Работают только ссылки https:// ({ $link }). Пришлите https-адрес.
media-error-link_malformed = Это не похоже на пригодную ссылку: { $link }. Пришлите полный адрес, начинающийся с https://.
media-error-download_failed = Не удалось получить файл из Telegram. Пришлите его ещё раз.
media-error-type_mismatch = Содержимое файла не соответствует его названию. Поддерживаемые форматы: { $formats }.
media-error-conversion_failed = Не удалось преобразовать голосовое сообщение. Пришлите его как файл MP3, WAV или M4A.

## task forms
form-create = ✅ Создать
form-details-more = 🔽 Подробнее: ещё { $count ->
    [one] { $count } параметр
    [few] { $count } параметра
    [many] { $count } параметров
   *[other] { $count } параметра
    }
form-details-more-and-notes = { $count ->
    [0] 🔽 Подробнее: как будут использованы ваши файлы
    [one] 🔽 Подробнее: ещё { $count } параметр и как будут использованы файлы
    [few] 🔽 Подробнее: ещё { $count } параметра и как будут использованы файлы
    [many] 🔽 Подробнее: ещё { $count } параметров и как будут использованы файлы
   *[other] 🔽 Подробнее: ещё { $count } параметра и как будут использованы файлы
    }
form-details-fewer = 🔼 Короче
paid-from-media-tasks = Оплата: с баланса медиазадач
paid-from-media-tasks-plan = Оплата: по вашему тарифу медиазадач
paid-from-generations = Оплата: с баланса ИИ-изображений и видео
form-reset = Вернуть значение по умолчанию
form-or-type = Или введите значение.
form-type-text = Пришлите одним сообщением (до { $max } { $max ->
        [one] символа
       *[other] символов
    }).
form-send-file-audio = Пришлите свой файл MP3.
form-send-file-subtitles = Пришлите файл SRT.
form-media-add = ➕ Добавить фото или ролики
form-media-done = Готово ({ $count })
form-media-count = Файлов: { $count } из { $max } возможных
form-media-needed = { $min ->
    [one] Сначала пришлите хотя бы один файл.
   *[other] Сначала пришлите не меньше { $min } файлов.
}
form-media-prompt-video = Пришлите от 1 до 30 фото или видеороликов — по одному или альбомами — либо https-ссылки на них. Когда всё будет здесь, нажмите «Готово».
form-media-prompt-transcription = Пришлите аудио- или видеофайл либо вставьте https-ссылку на него.
form-media-prompt-audio = Пришлите текст для озвучки.
form-media-prompt-subtitles = Пришлите видео или вставьте https-ссылку на него.
form-media-prompt-pause_removal = Пришлите видео или вставьте https-ссылку на него.
form-media-prompt-dubbing = Пришлите видео для дубляжа или вставьте https-ссылку на него.
form-media-prompt-smart_clip = Пришлите длинное видео или вставьте https-ссылку на него.
form-media-prompt-motion = Пришлите голосовую запись или видео с ведущим в кадре либо вставьте https-ссылку на него.
form-media-wrong-video = Видео собирается только из фото и видеороликов.
form-media-wrong-transcription = Для расшифровки нужен один аудио- или видеофайл.
form-media-wrong-audio = Озвучка делается из текста; файл не нужен.
form-media-wrong-subtitles = Для субтитров нужно одно видео.
form-media-wrong-pause_removal = Для удаления пауз нужно одно видео.
form-media-wrong-dubbing = Для дубляжа нужно одно видео.
form-media-wrong-smart_clip = Для нарезки роликов нужно одно видео.
form-media-wrong-motion = Для анимированного видео нужна голосовая запись (аудио) или видеоролик.
form-file-expected-audio = Пожалуйста, пришлите сюда файл MP3.
form-file-expected-subtitles = Пожалуйста, пришлите сюда файл SRT.
form-file-expected-image = Пожалуйста, пришлите сюда фото.
form-file-expected-video = Пожалуйста, пришлите сюда видео.
form-srt-as-file = Пожалуйста, пришлите SRT файлом, а не ссылкой, чтобы я мог сначала его проверить.
form-srt-too-big = Этот файл слишком большой для SRT (не больше 2 МБ).
form-use-buttons = Пожалуйста, выберите с помощью кнопок.
form-scene-map = Сцена { $scene } → файл { $media }
form-cancelled = { $task }: отменено. Ничего не отправлено.
form-submitting = Отправляю…
form-too-long = Эта форма открыта уже слишком много шагов. Начните заново с /start.
form-required = Пожалуйста, заполните: { $field }
form-error-field = Сервис не примет это значение: { $field }
form-error-number = Пожалуйста, пришлите число.
form-error-integer = Пожалуйста, пришлите целое число.
form-error-range = Пожалуйста, пришлите число от { $min } до { $max }.
form-error-language = Пожалуйста, пришлите код языка, например en, uk или pt-BR.
form-error-number-list = Пожалуйста, пришлите положительные числа через пробел, например: 3 4 2.5
form-error-count = Нужно значений: { $expected }, получено: { $actual }.
form-error-word = «{ $word }» — не из списка: { $allowed }
form-error-too-long = Символов: { $length }, а здесь помещается не больше { $max }.
form-overlay-count = { $count ->
    [one] { $count } надпись
    [few] { $count } надписи
    [many] { $count } надписей
   *[other] { $count } надписи
}
form-overlay-add = ➕ Добавить надпись
form-overlay-type = Пришлите текст надписи (не больше 200 символов). Чтобы задать время, допишите его после вертикальной черты: Распродажа сегодня | 2-5
form-overlay-delete = 🗑 Удалить эту надпись
form-overlay-text = Надпись должна содержать от 1 до { $max } { $max ->
        [one] символа
       *[other] символов
    }.
form-overlay-times = Запишите время как начало-конец в секундах, например 2-5, или 3-, чтобы надпись шла до конца.
form-overlay-full = { $max ->
    [one] Не больше { $max } надписи.
   *[other] Не больше { $max } надписей.
}
overlay-style = Стиль
overlay-position = Положение
overlay-size = Размер
overlay-anim = Анимация
overlay-bold = Жирный
overlay-italic = Курсив
overlay-fade = Плавное появление
value-on = включено
value-off = выключено
value-none = не задано

form-group-voice = 🎙 Голос
form-group-scenes = 🎞 Сцены и формат
form-group-subtitles = 💬 Субтитры
form-group-captions = 🏷 Надписи
form-group-music = 🎵 Музыка
form-group-cards = 🃏 Карточки
form-group-sounds = 🔊 Звуковые эффекты
form-group-recognition = 🗣 Распознавание
form-group-translation = 🌐 Перевод
form-group-reels = 📱 Вертикальное видео
form-group-clips = ✂️ Роликы
form-group-filters = 🎨 Фильтры
form-group-source = 📝 Источник
form-group-look = 🖼 Внешний вид
form-group-languages = 🌐 Языки и режим
form-group-mix = 🎚 Звук

field-text = Текст
field-language = Язык
field-tts_voice = Голос
field-tts_speed = Скорость
field-tts_style = Стиль речи
field-tts_scene = Инструкция для голоса
field-format = Формат
field-animation = Анимация
field-transition = Переход
field-transition_duration = Длительность перехода (с)
field-scene_durations = Длительность сцен (с)
field-scene_transitions = Переходы для каждой склейки
field-target_duration = Целевая длительность (с)
field-subtitles = Субтитры
field-sub_style = Стиль субтитров
field-sub_position = Положение субтитров
field-sub_size = Размер субтитров
field-sub_color = Цвет субтитров
field-text_overlays = Надписи
field-text_overlays_raw = Надписи кодом
field-auto_text = Автоматические надписи
field-bgm_track = Музыка из библиотеки
field-bgm_file = Своя музыка
field-bgm_volume = Громкость музыки
field-audio_mix_type = Собственный звук роликов
field-ai_graphics = Карточки
field-ai_graphics_mode = Режим карточек
field-ai_graphics_density = Плотность карточек
field-ai_graphics_directives = Указания для карточек
field-ai_graphics_sfx = Звук карточек
field-sfx_auto_sound = Звук надписей
field-sfx_transition_sound = Звук смены сцены
field-ai_prompt = Подсказка для распознавания
field-output_format = Формат результата
field-translate_to = Перевести на
field-reels_mode = Вертикальное 9:16
field-reels_reframe = Кадрирование
field-mode = Режим
field-target_lang = Язык дубляжа
field-source_lang = Язык оригинала
field-srt_file = Ваши субтитры
field-mix_mode = Оригинальный звук
field-overlay_volume = Громкость оригинала (%)
field-sub_lang = Субтитры показывают
field-max_clips = Количество роликов
field-target_sec = Длительность ролика (с)
field-context = О чём видео
field-filters = Фильтры
field-source = Источник
field-style = Тема

hint-text = Слова для озвучки. Отмечайте склейки через `{"{"}scene{"}"}`, переход — через `{"{"}scene:fade{"}"}`, его длительность — через `{"{"}scene:fade:0.8{"}"}`, а только длительность — через `{"{"}scene:2{"}"}`. Метки не зачитываются. Без текста видео будет беззвучным.
hint-language = Язык озвучки или речи. Сервис может определить его сам.
hint-tts_speed = Как быстро говорит голос.
hint-tts_style = Манера речи; её поддерживают не все голосовые сервисы.
hint-tts_scene = Свободная инструкция для голоса, например: тепло, неторопливо, как диктор документального фильма. Её принимают не все голосовые сервисы.
hint-format = Вертикальный для телефона, горизонтальный для экрана, квадратный или как в оригинале.
hint-animation = Плавный наезд и панорама оживляют фото.
hint-transition = Переход между сценами, если метка не задаёт другой (при включённой анимации).
hint-transition_duration = Сколько секунд длится каждый переход.
hint-scene_durations = Для видео без звука: секунды на каждый файл, по одному числу, через пробел, например: 3 4 2.5
hint-scene_transitions = Для видео без звука: по одному переходу на каждую склейку, через пробел, например: `fade zoom slide`. Названия: `fade`, `dissolve`, `slide`, `cover`, `reveal`, `zoom`, `squeeze`, `wind`, `pixel`, `circle`, `random`.
hint-target_duration = Более длинный результат ускоряется до этой длительности, но не больше чем вдвое; более короткий остаётся как есть. Действует лимит вашего тарифа.
hint-subtitles = Субтитры, в которых подсвечивается звучащее слово.
hint-sub_style = Внешний вид субтитров.
hint-sub_position = Где расположены субтитры.
hint-sub_size = Насколько крупные субтитры.
hint-sub_color = Цвет субтитров. Можно прислать и свой в виде `#RRGGBB`.
hint-text_overlays = Статичные надписи поверх видео: до 10, у каждой свой стиль, положение, размер, анимация и время.
hint-text_overlays_raw = Все надписи одним сообщением, по одной в строке (или через /): `ТЕКСТ | атрибуты | начало-конец`. Атрибуты: `small`, `medium`, `large`; `bold`, `thin`, `italic`; `top`, `middle`, `bottom`; `left`, `center`, `right`; `white`, `yellow`, `red`, `green`, `blue`, `pink`, `orange`, `purple`, `black`, `cyan`; `pop`, `slide`, `type`, `fade`, `none`. Пример: `РАСПРОДАЖА | large bold top center yellow pop | 0-3`
hint-auto_text = Ключевые слова из озвучки всплывают надписями (50 токенов за видео).
hint-bgm_track = Трек из библиотеки, по стилю.
hint-bgm_file = Ваш собственный MP3 в качестве фоновой музыки.
hint-bgm_volume = Насколько громко играет музыка под голосом; обычно 20 %. Можно прислать число от 0 до 100.
hint-audio_mix_type = Что будет со звуком ваших роликов под голосом и музыкой.
hint-ai_graphics = Анимированные карточки поверх видео: списки, числа, цитаты, сравнения, графики (по 30 токенов).
hint-ai_graphics_mode = Автоматически: карточки подбираются по озвучке. С вашими указаниями: автоматические плюс описанные вами. Только ваши указания: работает и для видео без звука.
hint-ai_graphics_density = Как часто появляются карточки.
hint-ai_graphics_directives = Одна карточка в строке: `MM:SS[-MM:SS] шаблон аргументы [@позиция]`. Шаблоны: `caption`, `quote`, `subscribe`, `like`, `list`, `steps`, `stat`, `percent`, `trend`, `compare`. Позиции: `@center`, `@top`, `@bottom`, `@left`, `@right`. Пример: `00:05-00:09 stat 87% зрителей @top`
hint-ai_graphics_sfx = Звук при появлении каждой карточки.
hint-sfx_auto_sound = Звук при появлении каждой автоматической надписи.
hint-sfx_transition_sound = Звук при каждой смене сцены.
hint-ai_prompt = Имена, термины или контекст, которые помогут распознаванию. Имена из вашего словаря /glossary добавляются к подсказке в каждом задании.
hint-output_format = Обычный текст, субтитры с таймкодами или оба варианта.
hint-translate_to = Перевести субтитры; тайминг и звук не меняются.
hint-reels_mode = Делает результат вертикальным 9:16.
hint-reels_reframe = Как изображение заполняет вертикальный кадр.
hint-mode = Автоматически: всё делается само. «Сначала проверить текст»: вы получите расшифровку для правок. «Мои субтитры»: используется ваш файл субтитров на языке дубляжа.
hint-target_lang = Язык нового голоса.
hint-source_lang = Язык, на котором говорят в видео.
hint-srt_file = Файл субтитров на языке дубляжа, время которого укладывается в длительность видео.
hint-mix_mode = Что будет с исходным звуком под новым голосом.
hint-overlay_volume = Насколько громким остаётся оригинал, от 0 до 100.
hint-sub_lang = Какую речь показывают субтитры. Можно прислать и код языка, например `de`.
hint-max_clips = «Автоматически» — примерно один ролик на 5 минут (от 4 до 10).
hint-target_sec = Желаемая длительность ролика; склейки попадают на паузы в речи.
hint-context = Что это за видео и что в нём искать. Имена из вашего словаря /glossary добавляются к описанию сами.
hint-filters = Цветовые фильтры для каждого ролика; выберите любые.
hint-source = Текст, голосовая запись или видео с ведущим в кадре.
hint-style = Как будет выглядеть анимированное видео.

## voice picker
voice-choose-language = Выберите язык голоса:
voice-choose-voice = Голоса, язык: { $language }. Выберите голос.
voice-play-sample = ▶ — прослушать образец.
voice-price-free = бесплатно
voice-line = { $name } — { $traits } голос
voice-gender-female = женский
voice-gender-male = мужской
voice-gender-neutral = нейтральный
voice-tone-calm = спокойный
voice-tone-warm = тёплый
voice-tone-bright = звонкий
voice-tone-deep = глубокий
voice-tone-soft = мягкий
voice-tone-energetic = энергичный
voice-tone-confident = уверенный
voice-other-language = 🌐 Другой язык
voice-automatic = Пусть выберет сервис
voice-preview-sent = Образец отправлен ниже.
voice-preview-making = Создаю образец; он придёт через несколько секунд.
voice-preview-failed = Сейчас не удалось создать образец голоса. Попробуйте позже.

## task cards
card-queued = ⏳ { $task }: подготовка…
card-uploading = ⏳ { $task }: загрузка файла { $done } из { $total }…
card-creating = ⏳ { $task }: создание задачи…
card-created = 🕓 { $task } #{ $id }: создано, ждёт в очереди.
card-progress = ⚙️ { $task } #{ $id }: выполнено { $percent }%.
card-delivered = ✅ { $task } #{ $id }: готово, результат ниже.
card-failed = ❌ { $task } #{ $id }: ошибка, подробности ниже.
card-submit-failed = ❌ { $task }: не создано. { $reason } Ничего не списано.
card-unconfirmed = ⏳ { $task }: сервис не подтвердил задачу, поэтому я проверяю, создана ли она. Второй раз я её не отправлю; если она есть, результат придёт сюда.
card-not-created = ❌ { $task }: не создано. Сервис так и не подтвердил задачу, и среди ваших задач её нет. Нажмите «Повторить», чтобы отправить её ещё раз.
card-unresolved = ⚠️ { $task }: сервис не подтвердил задачу, а в то же время было создано несколько похожих, поэтому я не могу понять, какая из них ваша. Найдите её в /tasks.
card-gave-up = ⌛ { $task } #{ $id }: всё ещё не завершено, хотя прошло много времени. Я перестал ждать; когда задача будет готова, она появится в /tasks.
outcome-button-repeat = 🔁 Повторить с изменениями
outcome-button-newTask = ➕ Новая задача
outcome-button-retrySubmit = 🔄 Повторить
outcome-button-tryAgain = 🔄 Попробовать ещё раз
outcome-failed = ❌ { $task } #{ $id } — ошибка: { $error }
    Ничего не списано.
outcome-failed-unknown = сервис не указал причину
outcome-link-fallback = Задача #{ $id } готова. Если файл не пришёл выше, скачайте его здесь: { $url }
outcome-task-gone = Сервис больше не знает задачу #{ $id }; её результат невозможно доставить.

## form rules (what the service would refuse)
rule-invalid = Это значение не принимается.
rule-auto_text_needs_text = Для автоматических надписей нужен текст озвучки.
rule-bgm_exclusive = Выберите музыку из библиотеки или свой MP3, но не оба варианта.
rule-color_not_ass = Цвет нужно записать в виде #RRGGBB.
rule-color_not_hex = Цвет нужно записать в виде #RRGGBB.
rule-filters_repeated = Каждый фильтр можно выбрать только один раз.
rule-language_invalid = Это не код языка (например en, uk, pt-BR).
rule-url_not_https = Ссылки должны начинаться с https://.
rule-file_ref_insecure = Ссылки должны начинаться с https://.
rule-media_count_invalid = Нет файлов, к которым можно привязать сцены.
rule-scene_count_invalid = В тексте нет сцен.
rule-scene_marker_bad_seconds = Строка { $line }: длительность сцены должна быть положительным числом секунд.
rule-scene_marker_malformed = Строка { $line }: метка сцены записывается так: {"{"}scene{"}"}, {"{"}scene:fade{"}"}, {"{"}scene:fade:0.8{"}"} или {"{"}scene:2{"}"}.
rule-scene_marker_unclosed = Строка { $line }: метка сцены не закрыта символом {"}"}.
rule-scene_marker_unknown_type = Строка { $line }: неизвестный переход. Используйте fade, dissolve, slide, cover, reveal, zoom, squeeze, wind, pixel, circle или random.
rule-scene_durations_count = Для длительностей сцен нужно одно значение на файл ({ $expected }).
rule-scene_transitions_count = Для переходов нужно одно значение на склейку ({ $expected }).
rule-text_overlays_both = Используйте редактор надписей или надписи кодом, но не оба способа.
rule-overlay_empty = Строка { $line }: у надписи должен быть текст.
rule-overlay_too_many = Не больше 10 надписей.
rule-overlay_time_order = Надпись должна заканчиваться после своего начала.
rule-directive_args_missing = Строка { $line }: этому шаблону карточки нужны аргументы.
rule-directive_empty = Напишите хотя бы одно указание для карточки.
rule-directive_position_unknown = Строка { $line }: позиция должна быть @center, @top, @bottom, @left или @right.
rule-directive_template_missing = Строка { $line }: после времени укажите шаблон.
rule-directive_template_unknown = Строка { $line }: неизвестный шаблон. Используйте caption, quote, subscribe, like, list, steps, stat, percent, trend или compare.
rule-directive_time_invalid = Строка { $line }: запишите время как MM:SS или MM:SS-MM:SS (или end).
rule-directive_time_order = Строка { $line }: карточка должна заканчиваться после своего начала.
rule-directive_too_many = Слишком много указаний для карточек.
rule-ai_graphics_directives_mode = Указания для карточек действуют только в режимах «Автоматически и мои указания» и «Только мои указания».
rule-ai_graphics_directives_required = Для карточек в ручном режиме нужны ваши указания.
rule-ai_graphics_sfx_needs_ai_graphics = Звук карточек работает только с включёнными карточками.
rule-sfx_auto_sound_needs_auto_text = Звук надписей работает только с включёнными автоматическими надписями.
rule-overlay_volume_needs_overlay = Громкость оригинала действует, только когда исходный звук остаётся.
rule-tts_style_unsupported = У этого голосового сервиса нет стилей речи.
rule-tts_scene_unsupported = Этот голосовой сервис не принимает инструкции для голоса.
rule-motion_text_required = Для анимированного видео из текста нужен текст.
rule-motion_file_required = Для анимированного видео из записи или ролика нужен файл.
rule-motion_tts_only_for_text = Голос выбирается только для анимированного видео из текста.
rule-motion_format_not_for_video = В анимированном видео из видео формат определяет сам ролик.
rule-target_duration_invalid = Целевая длительность должна быть положительным числом секунд.
rule-target_duration_over_limit = Ваш тариф позволяет видео длительностью не больше { $max } с.
rule-target_duration_speedup = Для этого понадобилось бы ускорение больше чем вдвое; минимально возможная длительность — { $min } с.
rule-srt_empty = SRT пустой.
rule-srt_end_before_start = Строка { $line }: субтитр заканчивается раньше, чем начинается.
rule-srt_exceeds_duration = Субтитр { $index } заканчивается в { $end }, на { $over } с позже конца видео ({ $max }). Сдвиньте его конец раньше и отправьте файл ещё раз.
rule-srt_index_invalid = Строка { $line }: номер записи — не число.
rule-srt_index_missing = Строка { $line }: не хватает номера записи.
rule-srt_line_too_long = Строка { $line } слишком длинная.
rule-srt_overlap = Строка { $line }: этот субтитр накладывается на предыдущий.
rule-srt_text_empty = Строка { $line }: у субтитра нет текста.
rule-srt_timecode_invalid = Строка { $line }: записывайте время как HH:MM:SS,mmm --> HH:MM:SS,mmm.
rule-srt_too_large = SRT слишком большой.
rule-srt_too_many_entries = В SRT слишком много записей.

## delivery results
result-link = ✅ Задача #{ $id } готова. Файл слишком большой, чтобы отправить его сюда; скачайте его: { $url }
    Ссылка действует до { $expires }.
result-link-no-expiry = ✅ Задача #{ $id } готова. Файл слишком большой, чтобы отправить его сюда; скачайте его: { $url }
result-expired = Задача #{ $id } выполнена, но ссылка на результат уже недействительна.
result-clip-caption = { $index }. { $title }
    { $hook }
    Оценка { $score }/100 · { $from }–{ $to }
result-clips-summary = ✅ Задача #{ $id }: { $count ->
    [one] { $count } ролик
    [few] { $count } ролика
    [many] { $count } роликов
   *[other] { $count } ролика
}
result-clip-line = { $index }. { $title } · { $score }/100 · { $from }–{ $to }
result-links-expire = Ссылки действуют до { $expires }.
