# "Make an image" in inline mode: the offer, its placeholder, and what takes the placeholder's place.
inline-image-title = 🎨 Створити зображення: { $prompt }
inline-image-price = { $tokens } { $tokens ->
        [one] токен
        [few] токени
       *[many] токенів
    }, лише якщо вдасться
inline-image-price-range = { $min }–{ $max } { $max ->
        [one] токен
        [few] токени
       *[many] токенів
    }, лише якщо вдасться
inline-image-making = ⏳ створюю ваше зображення…
    { $prompt }
inline-image-button = 🎨 Створити зображення
inline-image-expired = ⌛ Ця пропозиція вже застаріла. Наберіть слова ще раз і виберіть її знову.
inline-image-not-made = ❌ Зображення не створено. { $reason } Нічого не списано.
inline-image-failed = ❌ Зображення не вдалося ({ $reason }). Нічого не списано: повернуто { $tokens } { $tokens ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
inline-image-canceled = ✖️ Зображення скасовано. Нічого не списано: повернуто { $tokens } { $tokens ->
        [one] токен
        [few] токени
       *[many] токенів
    }.
inline-image-not-shown = 🖼 Зображення готове, але показати його тут не вдалося: воно в /gallery у чаті з ботом.
    { $prompt }
