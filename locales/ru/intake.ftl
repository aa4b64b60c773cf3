## Text where the user is: captions, typed texts, text files, long texts in parts
form-text-saved = Текст сохранён: { $count ->
    [one] { $count } символ
    [few] { $count } символа
    [many] { $count } символов
   *[other] { $count } символа
}.
form-text-joined = Добавлена следующая часть вашего текста, всего { $count ->
    [one] { $count } символ
    [few] { $count } символа
    [many] { $count } символов
   *[other] { $count } символа
}.
form-caption-saved = Ваша подпись станет озвучкой: { $count ->
    [one] { $count } символ
    [few] { $count } символа
    [many] { $count } символов
   *[other] { $count } символа
}.
text-file-too-big = Этот текстовый файл слишком большой. Пришлите не больше 256 КБ текста.
text-file-empty = Этот текстовый файл пустой.
hint-text-audio = Текст, который нужно озвучить. Пришлите его сообщением или текстовым файлом; длинный текст, который Telegram разбивает на несколько сообщений, я соберу обратно.
hint-text-motion = О чём будет анимированное видео: тема, план или весь сценарий. Пришлите его сообщением или текстовым файлом.
form-media-prompt-dubbing-srt = Дубляж видео с этими субтитрами: пришлите видео или вставьте https-ссылку на него.
form-replaced = { $task }: закрыто, потому что вы начали другую задачу. Ничего не отправлено.

## The intake question
intake-offer-text = Ваш текст ({ $count ->
    [one] { $count } символ
    [few] { $count } символа
    [many] { $count } символов
   *[other] { $count } символа
}) станет озвучкой видео из них.

## Offers for a text sent outside a task
text-offers = Что сделать из этого текста ({ $count ->
    [one] { $count } символ
    [few] { $count } символа
    [many] { $count } символов
   *[other] { $count } символа
})?
text-offers-too-long = В этом тексте { $count } { $count ->
        [one] символ
        [few] символа
       *[many] символов
    }, а я могу взять не больше { $max }. Пожалуйста, сократите его.
text-offer-expired = Этого текста у меня уже нет. Пришлите его ещё раз.
offer-more = Ещё…
offer-back = « Назад
offer-price-plan = бесплатно в тарифе
offer-price-in-plan = в рамках тарифа
offer-price-per-minute = { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
}/мин
offer-price-from-per-minute = от { $tokens } { $tokens ->
    [one] токена
   *[other] токенов
}/мин
offer-price-free-voices = есть бесплатные голоса
offer-price-from = от { $tokens } { $tokens ->
    [one] токена
   *[other] токенов
}
offer-price-not-linked = нужен аккаунт

## /help
help-intro = Пришлите мне фото, клипы, видео, аудио или текст, и я предложу, что из них можно сделать, или выберите задачу ниже. Каждая карточка показывает цену ещё до создания; токены списываются только за готовый результат (1000 токенов = 1 USD).
help-make = /start – все задачи
help-make-generation = /start – все задачи · /image – изображение · /video – видео
help-results = /tasks – ваши задачи и их результаты
help-results-generation = /tasks – ваши задачи · /gallery – ваши изображения и видео · /queue – что сейчас создаётся
help-money = /balance – баланс и лимиты · /apikey – ваш API-ключ
help-money-generation = /balance – балансы · /account – аккаунт генерации · /apikey – ваш API-ключ
help-link-generation = /connect – подключить аккаунт генерации · /disconnect – забыть его
help-settings = /settings – настройки по умолчанию · /glossary – ваши имена и термины · /language – язык интерфейса
help-cancel = /cancel – выйти из текущего шага · /help – этот список
