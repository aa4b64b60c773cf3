# Пакети зображень із файлу з описами (.txt — по одному в рядку; .csv — опис, модель, формат)

batch-preview-title = 📄 { $count ->
    [0] Жоден опис із цього файлу не можна надіслати.
    [one] { $count } зображення з цього файлу:
    [few] { $count } зображення з цього файлу, по одному на опис:
   *[other] { $count } зображень із цього файлу, по одному на опис:
}
batch-preview-prompt = { $line }. { $prompt }
batch-preview-more = …і ще { $count }
batch-preview-groups = Їх буде надіслано { $count ->
    [one] { $count } пакетом
   *[other] { $count } пакетами
}, по одному на модель і формат:
batch-preview-group = • { $model }, { $aspect }: { $count ->
    [one] { $count } зображення
    [few] { $count } зображення
   *[other] { $count } зображень
}, { $kind ->
    [fixed] { $min } { $min ->
            [one] токен
            [few] токени
           *[many] токенів
        }
   *[range] { $min }–{ $max } { $max ->
            [one] токен
            [few] токени
           *[many] токенів
        }
}
batch-price-fixed = Ціна: { $min } { $min ->
        [one] токен
        [few] токени
       *[many] токенів
    } за { $count ->
    [one] { $count } зображення
    [few] { $count } зображення
   *[other] { $count } зображень
}
batch-price-range = Ціна: { $min }–{ $max } { $max ->
        [one] токен
        [few] токени
       *[many] токенів
    } за { $count ->
    [one] { $count } зображення
    [few] { $count } зображення
   *[other] { $count } зображень
}, залежно від налаштувань моделі
batch-balance = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токени
       *[many] токенів
    }. Платите лише за зображення, що вдалися.
batch-over-balance = ⚠️ Це може коштувати до { $max } { $max ->
        [one] токена
       *[other] токенів
    } — більше, ніж { $left }, що у вас є, а сервіс відхиляє пакет, який не може покрити повністю. Надішліть менше описів або спершу поповніть баланс.
batch-over-budget = ⚠️ Це може коштувати до { $max } { $max ->
        [one] токена
       *[other] токенів
    } — більше, ніж { $left }, що лишилися в бюджеті ключа, а сервіс відхиляє пакет, який ключ не покриває повністю. Надішліть менше описів або збільште бюджет ключа.
batch-refused-title = { $count ->
    [one] Цей рядок не буде надіслано:
    [few] Ці { $count } рядки не буде надіслано:
   *[other] Ці { $count } рядків не буде надіслано:
}
batch-refused-empty = Рядок { $line }: порожній
batch-refused-too-long = Рядок { $line }: { $length } { $length ->
        [one] символ
        [few] символи
       *[many] символів
    }, а опис може мати щонайбільше { $max }
batch-refused-unknown-model = Рядок { $line }: моделі «{ $model }» немає
batch-refused-pro-only = Рядок { $line }: { $model } доступна лише з тарифом Pro
batch-refused-unknown-aspect = Рядок { $line }: { $model } не створює зображень у форматі { $aspect }
batch-refused-over-limit = Рядок { $line }: один файл може мати щонайбільше { $max } { $max ->
        [one] опис
        [few] описи
       *[many] описів
    }
batch-refused-more = …і ще { $count ->
    [one] { $count } рядок
    [few] { $count } рядки
   *[other] { $count } рядків
}
batch-button-create = ✅ Створити { $count ->
    [one] { $count } зображення
    [few] { $count } зображення
   *[other] { $count } зображень
}
batch-button-dismiss = ✖️ Не треба
batch-dismissed = Гаразд, нічого не надіслано.
batch-expired = Цей попередній перегляд застарів. Надішліть файл ще раз.
batch-button-retry = 🔁 Повторити невдалі ({ $count })
batch-retrying = { $count ->
    [one] Пробуємо це зображення ще раз.
   *[other] Пробуємо ці зображення ще раз: { $count }.
}
batch-retried-already = Їх уже пробують ще раз.

batch-offer-images = 🖼 Зображення, по одному на рядок
