## Text where the user is: captions, typed texts, text files, long texts in parts
form-text-saved = Текст збережено: { $count ->
    [one] { $count } символ
    [few] { $count } символи
    [many] { $count } символів
   *[other] { $count } символу
}.
form-text-joined = Додано наступну частину вашого тексту, разом { $count ->
    [one] { $count } символ
    [few] { $count } символи
    [many] { $count } символів
   *[other] { $count } символу
}.
form-caption-saved = Ваш підпис стане озвученням: { $count ->
    [one] { $count } символ
    [few] { $count } символи
    [many] { $count } символів
   *[other] { $count } символу
}.
text-file-too-big = Цей текстовий файл завеликий. Надішліть щонайбільше 256 КБ тексту.
text-file-empty = Цей текстовий файл порожній.
hint-text-audio = Текст, який треба озвучити. Надішліть його повідомленням або текстовим файлом; довгий текст, який Telegram розбиває на кілька повідомлень, я зберу докупи.
hint-text-motion = Про що буде анімоване відео: тема, план або весь сценарій. Надішліть його повідомленням або текстовим файлом.
form-media-prompt-dubbing-srt = Дубляж відео з цими субтитрами: надішліть відео або вставте https-посилання на нього.
form-replaced = { $task }: закрито, бо ви почали інше завдання. Нічого не надіслано.

## The intake question
intake-offer-text = Ваш текст ({ $count ->
    [one] { $count } символ
    [few] { $count } символи
    [many] { $count } символів
   *[other] { $count } символу
}) стане озвученням відео з них.

## Offers for a text sent outside a task
text-offers = Що зробити з цим текстом ({ $count ->
    [one] { $count } символ
    [few] { $count } символи
    [many] { $count } символів
   *[other] { $count } символу
})?
text-offers-too-long = У цьому тексті { $count } { $count ->
        [one] символ
        [few] символи
       *[many] символів
    }, а я можу взяти щонайбільше { $max }. Будь ласка, скоротіть його.
text-offer-expired = Цього тексту в мене вже немає. Надішліть його ще раз.
offer-more = Більше…
offer-back = « Назад
offer-price-plan = безкоштовно в тарифі
offer-price-in-plan = у межах тарифу
offer-price-per-minute = { $tokens } { $tokens ->
    [one] токен
    [few] токени
   *[other] токенів
}/хв
offer-price-from-per-minute = від { $tokens } { $tokens ->
    [one] токена
   *[other] токенів
}/хв
offer-price-free-voices = є безкоштовні голоси
offer-price-from = від { $tokens } { $tokens ->
    [one] токена
   *[other] токенів
}
offer-price-not-linked = потрібен акаунт

## /help
help-intro = Надішліть мені фото, кліпи, відео, аудіо або текст, і я запропоную, що з них можна зробити, або оберіть завдання нижче. Кожна картка показує ціну ще до створення; токени списуються лише за готовий результат (1000 токенів = 1 USD).
help-make = /start – усі завдання
help-make-generation = /start – усі завдання · /image – зображення · /video – відео
help-results = /tasks – ваші завдання та їхні результати
help-results-generation = /tasks – ваші завдання · /gallery – ваші зображення й відео · /queue – що зараз створюється
help-money = /balance – баланс і ліміти · /apikey – ваш API-ключ
help-money-generation = /balance – баланси · /account – акаунт генерації · /apikey – ваш API-ключ
help-link-generation = /connect – під'єднати акаунт генерації · /disconnect – забути його
help-settings = /settings – налаштування за замовчуванням · /glossary – ваші імена й терміни · /language – мова інтерфейсу
help-cancel = /cancel – вийти з поточного кроку · /help – цей список
