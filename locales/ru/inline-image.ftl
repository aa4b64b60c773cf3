# "Make an image" in inline mode: the offer, its placeholder, and what takes the placeholder's place.
inline-image-title = 🎨 Создать изображение: { $prompt }
inline-image-price = { $tokens } { $tokens ->
        [one] токен
        [few] токена
       *[many] токенов
    }, только если получится
inline-image-price-range = { $min }–{ $max } { $max ->
        [one] токен
        [few] токена
       *[many] токенов
    }, только если получится
inline-image-making = ⏳ создаю ваше изображение…
    { $prompt }
inline-image-button = 🎨 Создать изображение
inline-image-expired = ⌛ Это предложение уже устарело. Наберите слова ещё раз и выберите его заново.
inline-image-not-made = ❌ Изображение не создано. { $reason } Ничего не списано.
inline-image-failed = ❌ Изображение не получилось ({ $reason }). Ничего не списано: возвращено { $tokens } { $tokens ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
inline-image-canceled = ✖️ Изображение отменено. Ничего не списано: возвращено { $tokens } { $tokens ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
inline-image-not-shown = 🖼 Изображение готово, но показать его здесь не удалось: оно в /gallery в чате с ботом.
    { $prompt }
