## Command descriptions (the command menu)
command-start = Начать: что умеет бот
command-help = Что нужно для каждой задачи и сколько это стоит
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
    Здравствуйте, { $name }! Я превращаю ваши фото, клипы, аудио и текст в готовые медиа:
    видео с озвучкой и субтитрами, расшифровки, озвучку, дубляж, короткие клипы и моушн-видео.

    Выберите задачу ниже или просто пришлите файл.
welcome-pick = Выберите задачу:
task-video-name = Видео из фото и клипов
task-transcription-name = Расшифровка
task-audio-name = Озвучка
task-subtitles-name = Субтитры
task-pause_removal-name = Удаление пауз
task-dubbing-name = Дубляж
task-smart_clip-name = Умные клипы
task-motion-name = Моушн-видео
task-video-needs = До 30 фото или видеоклипов (JPEG, PNG, WebP, MP4, MOV, AVI) и, по желанию, текст озвучки.
task-transcription-needs = Один аудио- или видеофайл (MP3, WAV, M4A, MP4, MOV, AVI) или https-ссылка на него.
task-audio-needs = Текст, который нужно озвучить.
task-subtitles-needs = Одно готовое видео (MP4, MOV, AVI) или https-ссылка на него.
task-pause_removal-needs = Одно видео (MP4, MOV, AVI) или https-ссылка на него.
task-dubbing-needs = Одно видео и язык дубляжа; по желанию SRT-файл с вашим переводом.
task-smart_clip-needs = Одно длинное видео (MP4, MOV, AVI) или https-ссылка на него.
task-motion-needs = Текст, голосовая запись или видео с ведущим в кадре.
task-video-price = 30 токенов за минуту результата.
task-transcription-price = 40 токенов за минуту.
task-audio-price = От бесплатного до 41 токена за минуту речи, в зависимости от провайдера голоса.
task-subtitles-price = 50 токенов за минуту результата; 60 с переводом.
task-pause_removal-price = 50 токенов за минуту.
task-dubbing-price = От 100 до 141 токена за минуту, в зависимости от провайдера голоса.
task-smart_clip-price = 80 токенов за минуту исходного видео.
task-motion-price = Зависит от лимита моушн-видео в вашем тарифе.
task-video-next = Пришлите фото или клипы.
task-transcription-next = Пришлите аудио- или видеофайл либо вставьте https-ссылку.
task-audio-next = Пришлите текст для озвучки.
task-subtitles-next = Пришлите видео или вставьте https-ссылку.
task-pause_removal-next = Пришлите видео или вставьте https-ссылку.
task-dubbing-next = Пришлите видео или вставьте https-ссылку.
task-smart_clip-next = Пришлите длинное видео или вставьте https-ссылку.
task-motion-next = Пришлите текст, голосовое сообщение или видеоклип.
task-card =
    { $name }

    Нужно: { $needs }
    Цена: { $price }

    { $next }
start-unknown-payload = Эта ссылка не открывает ни одной задачи. Выберите задачу ниже.

## /help
help-intro = Что я умею (1000 токенов = 1 USD; токены списываются только за готовую задачу):
help-entry =
    { $name }
    Нужно: { $needs }
    Цена: { $price }
help-extras = Дополнительно: автоматические надписи 50 токенов за рендер, карточки по 30 токенов, рамки 30 токенов за рендер.
help-footer = /settings задаёт голос, субтитры и формат по умолчанию. /cancel выходит из любого шага.

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
    Провайдер голоса: { $provider }
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
settings-button-provider = Провайдер голоса
settings-button-voice = Голос
settings-button-speed = Скорость
settings-button-style = Стиль голоса
settings-button-sub-style = Стиль субтитров
settings-button-sub-position = Положение субтитров
settings-button-sub-size = Размер субтитров
settings-button-format = Формат видео
settings-button-reset = Сбросить на автоматическое
settings-choose-language = Выберите язык интерфейса:
settings-choose-provider = Выберите провайдера голоса по умолчанию:
settings-choose-voice = Выберите голос { $provider } по умолчанию:
settings-choose-voice-first = Сначала выберите провайдера голоса.
settings-no-voices = В каталоге нет голосов этого провайдера на вашем языке.
settings-choose-speed = Выберите скорость речи по умолчанию:
settings-choose-style = Выберите стиль голоса (его используют провайдеры, которые поддерживают стили):
settings-choose-sub-style = Выберите стиль субтитров по умолчанию:
settings-choose-sub-position = Выберите, где располагать субтитры:
settings-choose-sub-size = Выберите размер субтитров:
settings-choose-format = Выберите формат видео по умолчанию:
settings-saved = Сохранено.
tts-style-standard = Стандартный
tts-style-calm = Спокойный
tts-style-expressive = Выразительный
tts-style-energetic = Энергичный
tts-style-dramatic = Драматичный
tts-style-cheerful = Бодрый
sub-position-top = Сверху
sub-position-center = По центру
sub-position-bottom = Снизу
sub-size-small = Маленький
sub-size-medium = Средний
sub-size-large = Большой
video-format-9_16 = Вертикальный 9:16
video-format-16_9 = Горизонтальный 16:9
video-format-1_1 = Квадрат 1:1
video-format-original = Размер оригинала

## /balance
balance-tokens = Баланс: { $tokens } токенов (около { $usd } USD).
balance-quota = Тариф: { $tariff }, действует до { $expires }.
balance-quota-no-expiry = Тариф: { $tariff }.
balance-limits-title = Лимиты вашего аккаунта:
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

## /tasks
tasks-empty = У вас ещё нет задач. Начните через /start.
tasks-title = Ваши задачи (страница { $page }):
tasks-item = #{ $id } { $type }: { $status }, { $date }
task-status-pending = ожидает
task-status-processing = выполняется
task-status-completed = готово
task-status-failed = ошибка
task-details =
    Задача #{ $id }: { $type }
    Статус: { $status }
    Создана: { $date }
task-details-progress = Прогресс: { $progress }%
task-details-error = Причина: { $error }
task-result-link = Результат: { $url }
    Ссылка действует до { $expires }.
task-result-link-no-expiry = Результат: { $url }
task-result-expires = Ссылки действуют до { $expires }.
task-result-expired = Ссылка на результат устарела; скачать результат уже нельзя.
task-result-clip = Клип { $index }: { $title }
    { $url }
task-result-document-txt = Расшифровка (текст)
task-result-document-srt = Расшифровка с таймкодами (SRT)
task-not-found = Эта задача не найдена.

## /apikey
apikey-none = У вас ещё нет API-ключа. С ключом можно пользоваться сервисом по HTTP (заголовок X-API-Key).
apikey-info =
    Ваш API-ключ: { $prefix }…
    Создан: { $date }
    Полный ключ показывается только один раз, при выдаче.
apikey-new =
    Ваш новый API-ключ (показывается один раз; это сообщение исчезнет через 10 минут):
    { $key }
apikey-button-issue = Получить ключ
apikey-button-rotate = Заменить ключ
apikey-button-revoke = Отозвать ключ
apikey-rotate-confirm = Заменить ключ? Текущий ключ сразу перестанет работать.
apikey-revoke-confirm = Отозвать ключ? Он сразу перестанет работать.
apikey-revoked = Ваш ключ отозван. Новый можно получить через /apikey.
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
intake-offer-more = Пришлите ещё фото или клипы, чтобы добавить их, или выберите задачу.
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
media-error-too_big_for_bot_api = Файл больше { $limitMb } МБ — это максимум, который бот может скачать из Telegram. Загрузите его куда-нибудь и пришлите мне https-ссылку.
media-error-too_big_for_intake = Файл больше { $limitMb } МБ — это максимум, который принимает этот бот. Пришлите вместо него https-ссылку.
media-error-too_big_for_service = Файл больше { $limitMb } МБ — это максимум, который принимает сервис. Пришлите файл короче или меньше.
media-error-too_many_media = Это { $count } файлов, а видео принимает не больше { $max } фото и клипов. Пришлите меньше.
media-error-mixed_media = Эти файлы не сочетаются: несколько файлов — это одно видео из не более чем { $max } фото и клипов. Аудио, субтитры или отдельное видео присылайте по одному.
media-error-link_not_https = Работают только ссылки https:// ({ $link }). Пришлите https-адрес.
media-error-link_malformed = Это не похоже на пригодную ссылку: { $link }. Пришлите полный адрес, начинающийся с https://.
media-error-download_failed = Не удалось получить файл из Telegram. Пришлите его ещё раз.
media-error-type_mismatch = Содержимое файла не соответствует его названию. Поддерживаемые форматы: { $formats }.
media-error-conversion_failed = Не удалось преобразовать голосовое сообщение. Пришлите его как файл MP3, WAV или M4A.

## delivery results
result-video-caption = ✅ Задача #{ $id } готова.
result-audio-caption = ✅ Озвучка #{ $id } готова.
result-link = ✅ Задача #{ $id } готова. Файл слишком большой, чтобы отправить его сюда; скачайте его: { $url }
    Ссылка действует до { $expires }.
result-link-no-expiry = ✅ Задача #{ $id } готова. Файл слишком большой, чтобы отправить его сюда; скачайте его: { $url }
result-expired = Задача #{ $id } выполнена, но ссылка на результат уже недействительна.
result-document-txt = Расшифровка задачи #{ $id } (текст)
result-document-srt = Расшифровка задачи #{ $id } с таймкодами (SRT)
result-clip-caption = { $index }. { $title }
    { $hook }
    Оценка { $score }/100 · { $from }–{ $to }
result-clips-summary = ✅ Задача #{ $id }: { $count ->
    [one] { $count } клип
    [few] { $count } клипа
    [many] { $count } клипов
   *[other] { $count } клипа
}
result-clip-line = { $index }. { $title } · { $score }/100 · { $from }–{ $to }
result-links-expire = Ссылки действуют до { $expires }.
result-srt-step = Расшифровка дубляжа #{ $id }. Отредактируйте текст в этом SRT (номера и время не меняйте) и отправьте файл мне или нажмите «Озвучить как есть».
