# Пакеты изображений из файла с описаниями (.txt — по одному в строке; .csv — описание, модель, формат)

batch-preview-title = 📄 { $count ->
    [0] Ни одно описание из этого файла нельзя отправить.
    [one] { $count } изображение из этого файла:
    [few] { $count } изображения из этого файла, по одному на описание:
   *[other] { $count } изображений из этого файла, по одному на описание:
}
batch-preview-prompt = { $line }. { $prompt }
batch-preview-more = …и ещё { $count }
batch-preview-groups = Они уйдут { $count ->
    [one] { $count } пакетом
   *[other] { $count } пакетами
}, по одному на модель и формат:
batch-preview-group = • { $model }, { $aspect }: { $count ->
    [one] { $count } изображение
    [few] { $count } изображения
   *[other] { $count } изображений
}, { $kind ->
    [fixed] { $min } { $min ->
            [one] токен
            [few] токена
           *[many] токенов
        }
   *[range] { $min }–{ $max } { $max ->
            [one] токен
            [few] токена
           *[many] токенов
        }
}
batch-price-fixed = Цена: { $min } { $min ->
        [one] токен
        [few] токена
       *[many] токенов
    } за { $count ->
    [one] { $count } изображение
    [few] { $count } изображения
   *[other] { $count } изображений
}
batch-price-range = Цена: { $min }–{ $max } { $max ->
        [one] токен
        [few] токена
       *[many] токенов
    } за { $count ->
    [one] { $count } изображение
    [few] { $count } изображения
   *[other] { $count } изображений
}, в зависимости от настроек модели
batch-balance = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токена
       *[many] токенов
    }. Платите только за получившиеся изображения.
batch-over-balance = ⚠️ Это может стоить до { $max } { $max ->
        [one] токена
       *[other] токенов
    } — больше, чем ваши { $left }, а сервис отклоняет пакет, который не может покрыть целиком. Отправьте меньше описаний или сначала пополните баланс.
batch-over-budget = ⚠️ Это может стоить до { $max } { $max ->
        [one] токена
       *[other] токенов
    } — больше, чем { $left }, оставшиеся в бюджете ключа, а сервис отклоняет пакет, который ключ не покрывает целиком. Отправьте меньше описаний или увеличьте бюджет ключа.
batch-refused-title = { $count ->
    [one] Эта строка не будет отправлена:
    [few] Эти { $count } строки не будут отправлены:
   *[other] Эти { $count } строк не будут отправлены:
}
batch-refused-empty = Строка { $line }: пустая
batch-refused-too-long = Строка { $line }: { $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }, а в описании может быть не больше { $max }
batch-refused-unknown-model = Строка { $line }: модели «{ $model }» нет
batch-refused-pro-only = Строка { $line }: { $model } доступна только на тарифе Pro
batch-refused-unknown-aspect = Строка { $line }: { $model } не делает изображения в формате { $aspect }
batch-refused-over-limit = Строка { $line }: в одном файле может быть не больше { $max } { $max ->
        [one] описания
       *[other] описаний
    }
batch-refused-more = …и ещё { $count ->
    [one] { $count } строка
    [few] { $count } строки
   *[other] { $count } строк
}
batch-button-create = ✅ Создать { $count ->
    [one] { $count } изображение
    [few] { $count } изображения
   *[other] { $count } изображений
}
batch-button-dismiss = ✖️ Не нужно
batch-dismissed = Хорошо, ничего не отправлено.
batch-expired = Этот предпросмотр устарел. Отправьте файл ещё раз.
batch-button-retry = 🔁 Повторить неудавшиеся ({ $count })
batch-retrying = { $count ->
    [one] Пробуем это изображение ещё раз.
   *[other] Пробуем эти изображения ещё раз: { $count }.
}
batch-retried-already = Их уже пробуют ещё раз.

batch-offer-images = 🖼 Изображения, по одному на строку
