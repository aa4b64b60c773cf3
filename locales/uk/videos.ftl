## generation service: video forms
command-video = Відео з тексту або з фото
generation-form-text_to_video-name = ШІ-відео з тексту
generation-form-image_to_video-name = Оживити фото з ШІ
form-group-clip = 🎬 Формат, тривалість і звук
hint-prompt-text_to_video = Опишіть кліп: що в ньому і як воно рухається. Кілька рядків дають кілька кліпів одразу: по одному на рядок.
hint-prompt-image_to_video = Напишіть, як мають ожити фото. Залиште порожнім — буде м'який рух за замовчуванням; напишіть один опис для всіх кліпів або по рядку на кожне фото, у тому порядку, в якому ви їх надіслали.
form-media-prompt-image_to_video = Надішліть фото, які треба оживити: з кожного вийде окремий кліп. Коли все надіслано, натисніть «Готово».
form-media-wrong-image_to_video = Кліпи робляться лише з фото.
form-media-too-many-image_to_video = Це { $count } фото, а один запит бере щонайбільше { $max }. Почніть знову з меншою кількістю.
video-field-n = Кліпів на опис
video-hint-n = Скільки варіантів зробити з кожного опису.
video-hint-model = Кожна модель має свій стиль, параметри й ціну за кліп. 🔒 — лише для тарифу Pro.
video-hint-quality_mode = Кращий режим працює довше й може коштувати більше; у деяких моделях він задає й розмір кадру.
video-hint-aspect = Пропорції кліпу.
video-hint-resolution = Більший кадр зберігає більше деталей і коштує дорожче. 🔒 — лише для тарифу Pro.
field-duration = Тривалість
video-hint-duration = Скільки триває кожен кліп. Довші кліпи коштують більше.
video-field-audio = Звук
video-hint-audio = Модель сама створює звукову доріжку; вимкніть її, щоб кліп був без звуку.
video-field-join = Кліпи
video-value-join = склеєні в одне відео
summary-choice-join-null = 🎞 Окремі кліпи
summary-choice-join-true = 🎬 Склеїти в одне відео
video-value-duration = { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунди
   *[other] { $seconds } секунд
}
video-value-quality-mode = { $mode ->
    [standard] Стандартна
    [professional] Професійна
    [professional_audio] Професійна зі звуком
    [normal] Звичайна
    [custom] Спеціальна (з іншою ціною)
   *[other] { $label }
}
video-model-label = { $kind ->
    [fixed] { $model } · { $min } { $min ->
        [one] токен
        [few] токени
       *[other] токенів
    } за кліп
   *[range] { $model } · { $min }–{ $max } { $max ->
        [one] токен
        [few] токени
       *[other] токенів
    } за кліп
}
video-price-per-clip = { $kind ->
    [fixed] Ціна: { $min } { $min ->
        [one] токен
        [few] токени
       *[other] токенів
    } за кліп
   *[range] Ціна: { $min }–{ $max } { $max ->
        [one] токен
        [few] токени
       *[other] токенів
    } за кліп, залежно від вибору
}
video-price-per-second = { $kind ->
    [fixed] Ця модель рахує ціну посекундно: { $min } ток. за секунду відео.
   *[range] Ця модель рахує ціну посекундно: { $min }–{ $max } ток. за секунду відео, залежно від вибору.
}
video-pay-for-success = Оплачуються лише кліпи, які вдалися.
video-price-over-balance = ⚠️ Це може коштувати до { $max } ток., більше, ніж { $left } на вашому балансі: сервіс відхиляє запит, який не може покрити повністю. Зробіть менше або коротші кліпи чи виберіть дешевшу модель.
video-price-over-budget = ⚠️ Це може коштувати до { $max } ток., більше, ніж { $left }, що лишилося в бюджеті ключа: сервіс відхиляє запит, який ключ не може покрити повністю. Зробіть менше або коротші кліпи, виберіть дешевшу модель або збільште бюджет ключа.
video-rule-unavailable = Сервіс генерації зараз не приймає нових відео. Спробуйте пізніше.
video-rule-too-many = Кліпів: { $count }, а один запит робить щонайбільше { $max }. Зменште кількість описів або кліпів на опис.
video-frames-missing = Фото: { $frames }, описів: { $prompts }. Кожному фото потрібен свій рядок, або всі мають один спільний опис. Напишіть один опис для всіх кліпів або додайте { $missing ->
    [one] { $missing } рядок, якого бракує
    [few] { $missing } рядки, яких бракує
   *[other] { $missing } рядків, яких бракує
}, по одному на фото, по порядку.
video-frames-extra = Фото: { $frames }, описів: { $prompts }. Кожне фото бере один рядок, або всі мають один спільний опис. Напишіть один опис для всіх кліпів, приберіть { $extra ->
    [one] { $extra } зайвий рядок
    [few] { $extra } зайві рядки
   *[other] { $extra } зайвих рядків
} або додайте ще { $extra } фото.
video-frames-default = { $frames ->
    [one] Без опису: фото отримає м'який рух за замовчуванням.
   *[other] Без опису: кожне з фото ({ $frames }) отримає м'який рух за замовчуванням.
}
video-frames-one-for-all = { $frames ->
    [one] Опис — для цього фото.
   *[other] Один опис для всіх кліпів ({ $frames }).
}
video-frames-in-order = Описів стільки ж, скільки фото ({ $frames }): перший рядок — до першого фото, і так далі.

## generation service: video batches and results
video-card-title = 🎬 { $name } · { $count ->
    [one] { $count } кліп
    [few] { $count } кліпи
   *[other] { $count } кліпів
} · { $model }
video-album-title = Кліпи { $from }–{ $to } · { $model }
video-album-legend = ➡️ субтитри, дубляж та інше · 🔁 ще раз · 🗑 видалити
video-then-menu = Кліп { $number }: що далі?
video-too-big = 🎬 Кліп { $number } важить { $size } МБ — більше, ніж бот може надіслати тут ({ $limit } МБ). Завантажте його за посиланням; воно діє до { $until } за UTC:
    { $url }

## generation service: keyframe chains
generation-form-keyframe_video-name = ШІ-переходи між фото
hint-prompt-keyframe_video = Напишіть, як кожне фото має перетворитися на наступне. Залиште порожнім — буде плавний перехід за замовчуванням; напишіть один опис для всіх переходів або по рядку на кожен перехід, по порядку.
form-media-prompt-keyframe_video = Надішліть 2 або більше фото в тому порядку, в якому вони мають іти одне за одним: кожна сусідня пара стане кліпом-переходом. Коли все надіслано, натисніть «Готово».
form-media-wrong-keyframe_video = Переходи робляться лише між фото.
form-media-too-many-keyframe_video = Це { $count } фото, а один ланцюжок бере щонайбільше { $max }. Почніть знову з меншою кількістю.
form-media-order = Порядок (фото пронумеровано так, як ви їх надіслали): { $order }. Кнопками нижче можна поміняти сусідні місцями.
form-media-swap = { $first } ⇄ { $second }
video-chain-default = Без опису: фото ({ $frames }) дадуть переходів: { $clips }, кожен із плавним рухом за замовчуванням.
video-chain-one-for-all = Фото ({ $frames }) дадуть переходів: { $clips }, усі з цим одним описом.
video-chain-in-order = Фото ({ $frames }) дадуть переходів: { $clips }, по опису на кожен: перший рядок — для фото 1 і 2 у порядку вище, і так далі.
video-chain-missing = Фото: { $frames }, переходів: { $clips }, описів: { $prompts }. Кожному переходу потрібен свій рядок, або всі мають один спільний опис. Напишіть один опис для всіх або додайте { $missing ->
    [one] { $missing } рядок, якого бракує
    [few] { $missing } рядки, яких бракує
   *[other] { $missing } рядків, яких бракує
}, по одному на перехід, по порядку.
video-chain-extra = Фото: { $frames }, переходів: { $clips }, описів: { $prompts }. Кожен перехід бере один рядок, або всі мають один спільний опис. Напишіть один опис для всіх, приберіть { $extra ->
    [one] { $extra } зайвий рядок
    [few] { $extra } зайві рядки
   *[other] { $extra } зайвих рядків
} або додайте ще { $extra } фото.

## generation service: clip buttons
video-card-uploading = ⏳ Завантажую фото { $done } з { $total }…
video-delete-confirm = Видалити кліп { $number } із сервісу назавжди? Копія в цьому чаті залишиться.
video-deleted = Кліп { $number } видалено із сервісу. Копія в цьому чаті залишилася.
video-deleted-already = Кліпу { $number } на сервісі вже немає.
video-canceling = Скасовую кліпи в черзі…
