## generation service: commands
command-image = Изображение из текста или из фото
command-queue = Что сейчас генерируется и ждёт в очереди и когда будет готово
command-gallery = Ваши генерации: просмотр, выбор, удаление, место в хранилище
command-account = Ваш аккаунт генерации: тариф, баланс, ключ, хранилище
command-connect = Подключить аккаунт сервиса генерации
command-disconnect = Забыть подключённый аккаунт генерации

## generation service: linking the account
connect-ask-key =
    Пришлите мне API-ключ вашего аккаунта сервиса генерации изображений и видео. Его создают в личном кабинете сервиса; он выглядит как <code>name_live_abcd1234_…</code>.
    Я сразу удалю ваше сообщение и сохраню ключ зашифрованным. /cancel — отменить.
connect-not-a-key = Это не похоже на ключ сервиса генерации. Он состоит из четырёх частей через подчёркивание, например <code>name_live_abcd1234_…</code>; скопируйте его целиком из личного кабинета и пришлите или нажмите /cancel.
connect-checking = 🔐 Проверяю ключ <code>{ $name }…</code>
connect-done =
    ✅ Подключено: тариф { $plan }, баланс { $tokens } { $tokens ->
            [one] токен
            [few] токена
           *[many] токенов
        } (примерно ${ $usd }).
    По желанию пришлите секрет подписи вебхуков, который показан рядом с ключом: тогда готовые изображения будут приходить сразу. Без него я буду проверять их каждые несколько секунд. Это сообщение я тоже сразу удалю.
connect-button-skip = Пропустить
connect-secret-saved = 🔐 Секрет подписи сохранён, ваше сообщение удалено. Теперь готовые изображения будут приходить сразу.
connect-secret-saved-in-view = 🔐 Секрет подписи сохранён. Теперь готовые изображения будут приходить сразу.
connect-not-deleted = ⚠️ Не удалось удалить ваше сообщение с { $what ->
    [key] ключом
   *[secret] секретом подписи
}. Пожалуйста, удалите его сами прямо сейчас: его может прочитать любой, кто видит этот чат. Я тоже продолжу пытаться его удалить.
connect-secret-skipped = ✅ Подключено. Без секрета подписи я буду проверять готовые изображения каждые несколько секунд. Чтобы добавить его позже, снова выполните /connect с ключом, а затем пришлите секрет.
disconnect-done = Отключено: я забыл ваш ключ генерации и секрет подписи. Уже запущенные генерации завершатся в вашем аккаунте на сервисе.
disconnect-nothing = Аккаунт генерации не подключён. /connect — подключить.

## generation service: /account
account-not-linked = Аккаунт генерации ещё не подключён. /connect подключает его ключом из личного кабинета сервиса.
account-title = 🎨 Аккаунт генерации изображений и видео
account-plan = Тариф: { $plan }
account-balance = Баланс: { $tokens } { $tokens ->
        [one] токен
        [few] токена
       *[many] токенов
    } (примерно ${ $usd })
account-key = Ключ: <code>{ $name }…</code>
account-key-expires = Действует до: { $date }
account-key-no-expiry = Бессрочный
account-key-budget = Бюджет ключа: использовано { $used } из { $budget } { $budget ->
        [one] токена
       *[other] токенов
    }, осталось { $left }
account-key-no-budget = Собственного бюджета нет; с ним потрачено { $used } { $used ->
        [one] токен
        [few] токена
       *[many] токенов
    }
account-limits = Лимиты: { $rpm } { $rpm ->
        [one] запрос
        [few] запроса
       *[many] запросов
    } в минуту, { $concurrent } { $concurrent ->
        [one] генерация
        [few] генерации
       *[many] генераций
    } одновременно, { $batch } за запрос, не больше { $queued } в очереди
account-storage = Хранилище: { $bar } { $percent }% ({ $used } из { $quota })
account-storage-unlimited = Хранилище: без ограничений (занято { $used })
account-delivery-webhooks = Готовые изображения приходят сразу благодаря секрету подписи, который вы прислали.
account-delivery-polling = Я проверяю готовые изображения каждые несколько секунд. Пришлите секрет подписи после /connect, чтобы они приходили сразу.
account-details-more = 🔽 Подробнее: лимиты ключа
account-details-fewer = 🔼 Короче

## generation service: errors
generation-error-invalid_api_key = Сервис генерации не принял этот ключ: возможно, в нём ошибка, его отозвали или заменили. Скопируйте действующий ключ из личного кабинета сервиса и снова выполните /connect.
generation-error-key_expired = Срок действия этого ключа истёк. Создайте новый ключ в личном кабинете сервиса: откройте там раздел API-ключей и перевыпустите этот ключ (его лимиты сохранятся), скопируйте новый ключ (его показывают только один раз) и отправьте здесь /connect с ним.
generation-error-key_budget_exceeded = Собственный бюджет токенов этого ключа исчерпан (он отдельный от вашего баланса). Увеличьте бюджет ключа в личном кабинете сервиса или подключите через /connect ключ с бюджетом побольше.
generation-error-email_not_verified = Адрес электронной почты вашего аккаунта генерации ещё не подтверждён. Откройте письмо с подтверждением от сервиса и попробуйте снова.
generation-error-pro_required = Для этого нужен тариф Pro. Перейдите на него в личном кабинете сервиса или выберите значение без 🔒.
generation-error-insufficient_credits = На балансе недостаточно токенов. Пополните его в личном кабинете сервиса; ничего не поставлено в очередь и ничего не списано.
generation-error-storage_full = Ваше хранилище на сервисе генерации заполнено, поэтому новые генерации он не принимает. Освободите место в /gallery, удалив старые результаты, и попробуйте снова.
generation-error-queue_full = У вас уже столько генераций в очереди, сколько разрешает сервис (1000). Дождитесь, пока часть завершится, или отмените ожидающие на карточке /queue.
generation-error-not_found = На сервисе генерации этого уже нет. Результаты хранятся 7 дней на тарифе Free и 30 дней на Pro.
generation-error-already_running = Это изображение уже создаётся, его нельзя остановить; платите, только если оно получится.
generation-error-file_too_large = Это фото слишком большое для сервиса генерации (не больше 20 МБ).
generation-error-unsupported_media_type = Сервис генерации принимает только фото JPEG, PNG и WebP.
generation-error-batch_too_large = Один запрос создаёт не больше 500 изображений. Уменьшите число описаний или вариантов.
generation-error-prompt_count_mismatch = Число описаний не совпадает с числом элементов. Дайте одно описание для всех или по одному на каждый.
generation-error-unavailable = Сервис генерации сейчас не может это принять. Попробуйте, пожалуйста, через несколько минут.
generation-error-busy-gave-up = Сервис генерации был перегружен { $minutes } { $minutes ->
    [one] минуту
    [few] минуты
   *[other] минут
} подряд, поэтому запрос не принят и ничего не списано. Попробуйте, пожалуйста, позже.
generation-error-refused = Сервис генерации отклонил запрос: { $detail }

## generation service: forms
generation-form-text_to_image-name = Изображение из текста
generation-form-reference_image-name = Изображение по фото-образцам
generation-not-linked = Аккаунт генерации ещё не подключён. /connect подключает его ключом из личного кабинета сервиса.
form-group-prompt = ✏️ Описание и количество
form-group-model = 🧠 Модель и качество
form-group-model-only = 🧠 Модель
form-group-picture = 📐 Форма и размер
field-prompt = Описание
field-n = Изображений на описание
field-model = Модель
field-quality_mode = Качество
field-aspect = Форма
field-resolution = Размер
field-background = Фон
hint-prompt-text_to_image = Опишите картинку. Несколько строк дают несколько картинок сразу: по одной на строку, в пределах лимита сервиса на запрос.
hint-prompt-reference_image = Опишите новую картинку, которую нужно собрать из ваших фото, одним сообщением.
hint-n = Сколько вариантов на каждое описание.
hint-model = Каждая модель рисует по-своему и стоит по-своему за изображение. 🔒 — нужен тариф Pro.
hint-quality_mode = Более тщательный режим работает дольше и может стоить дороже.
hint-aspect = Пропорции картинки.
hint-resolution = Крупные картинки сохраняют больше деталей. 🔒 — нужен тариф Pro.
hint-background = Прозрачный фон даёт картинку без фона — для вырезок и стикеров.
form-media-prompt-reference_image = Пришлите одно или несколько фото, из которых собрать новую картинку (сколько именно — зависит от модели). Когда всё прислано, нажмите «Готово».
form-media-wrong-reference_image = Изображение по образцам делается только из фото.
form-media-too-many-reference_image = Это { $count } фото, а эта модель объединяет не больше { $max }. Выберите модель, которая принимает больше, или начните заново с меньшим количеством.
value-prompts = { $count ->
    [one] { $count } описание: { $first }
    [few] { $count } описания, первое: { $first }
   *[other] { $count } описаний, первое: { $first }
}
generation-model-label = { $kind ->
    [fixed] { $model } · { $min } { $min ->
            [one] токен
            [few] токена
           *[many] токенов
        }
   *[range] { $model } · { $min }–{ $max } { $max ->
            [one] токен
            [few] токена
           *[many] токенов
        }
}
value-quality-mode = { $mode ->
    [SPEED] Быстро
    [QUALITY] Лучшее качество
    [low] Низкое
    [medium] Среднее
    [high] Высокое
    [standard] Стандартное
    [professional] Профессиональное
    [normal] Обычное
    [custom] Особое (с другой ценой)
   *[other] { $label }
}
value-aspect = { $orientation ->
    [square] Квадрат { $aspect }
    [wide] Широкая { $aspect }
    [tall] Вертикальная { $aspect }
   *[other] { $aspect }
}
value-background = { $background ->
    [auto] Автоматически
    [transparent] Прозрачный
    [opaque] Сплошной
   *[other] { $label }
}
generation-pro-only = Для «{ $what }» нужен тариф Pro. Перейдите на него в личном кабинете сервиса, а пока выберите значение без 🔒.
generation-price-per-image = { $kind ->
    [fixed] Цена: { $min } { $min ->
            [one] токен
            [few] токена
           *[many] токенов
        } за изображение
   *[range] Цена: { $min }–{ $max } { $max ->
            [one] токен
            [few] токена
           *[many] токенов
        } за изображение, в зависимости от выбора
}
generation-price-fixed = Цена: { $count } × { $each } = { $total } { $total ->
        [one] токен
        [few] токена
       *[many] токенов
    } (примерно ${ $usd })
generation-price-range = Цена: { $count } × { $each } = { $min }–{ $max } { $max ->
        [one] токен
        [few] токена
       *[many] токенов
    } (примерно ${ $usdMin }–{ $usdMax }), в зависимости от выбора
generation-balance = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токена
       *[many] токенов
    }
generation-balance-and-budget = Баланс: { $balance } { $balance ->
        [one] токен
        [few] токена
       *[many] токенов
    } · в бюджете ключа осталось: { $left }
generation-pay-for-success = Платите только за получившиеся изображения.
generation-price-over-balance = ⚠️ Это может стоить до { $max } { $max ->
        [one] токена
       *[other] токенов
    } — больше, чем { $left } на вашем балансе, а сервис отклоняет запрос, который не может покрыть целиком. Уменьшите число изображений или выберите модель дешевле.
generation-price-over-budget = ⚠️ Это может стоить до { $max } { $max ->
        [one] токена
       *[other] токенов
    } — больше, чем { $left }, оставшиеся в бюджете ключа, а сервис отклоняет запрос, который ключ не покрывает целиком. Уменьшите число изображений, выберите модель дешевле или увеличьте бюджет ключа.
generation-rule-unavailable = Сервис генерации сейчас не принимает новые изображения. Попробуйте, пожалуйста, позже.
generation-rule-no-model = На вашем тарифе для этого нет модели. Перейдите на Pro в личном кабинете сервиса.
generation-rule-no-candidate = Сервис не предлагает ни одной модели, которая это делает. Попробуйте другой вид изображения или видео.
generation-prompt-first = Сначала напишите описание: отправьте его сюда сообщением.
generation-rule-too-many = Это { $count } { $count ->
        [one] изображение
        [few] изображения
       *[many] изображений
    }, а один запрос создаёт не больше { $max }. Уменьшите число описаний или изображений на описание.
generation-rule-references = { $model } объединяет не больше { $max } фото, а вы прислали { $count }. Выберите модель, которая принимает больше, или начните заново с меньшим количеством.
generation-error-insufficient_credits-numbers = Недостаточно токенов: нужно { $need }, а на балансе { $balance }. Ничего не поставлено в очередь и ничего не списано. Пополните баланс в личном кабинете сервиса, уменьшите число изображений или выберите модель дешевле.
generation-error-key_budget_exceeded-numbers = Собственного бюджета ключа на это не хватает: нужно { $need } ток., а у ключа осталось { $left } из { $budget }. Ничего не поставлено в очередь и ничего не списано. Увеличьте бюджет ключа в личном кабинете сервиса или уменьшите число изображений.

## generation service: ways in

## generation service: batch cards and results
generation-card-uploading = ⏳ Загружаю фото-образец { $done } из { $total }…
generation-card-creating = ⏳ { $name }: отправляю запрос…
generation-card-busy = ⏳ { $name }: сервис генерации сейчас перегружен. Попробую ещё раз через { $seconds } { $seconds ->
    [one] секунду
    [few] секунды
   *[other] секунд
}; пока сервис не примет запрос, ничего не списывается.
generation-card-not-created = ❌ { $name }: не создано. { $reason }
generation-card-title = 🎨 { $name } · { $count ->
    [one] { $count } изображение
    [few] { $count } изображения
   *[other] { $count } изображений
} · { $model }
generation-card-progress = ⏳ в очереди { $queued } · ⚙️ создаётся { $running } · ✅ готово { $done } · ❌ не вышло { $failed }
generation-card-money = Зарезервировано { $reserved } { $reserved ->
        [one] токен
        [few] токена
       *[many] токенов
    }; списано пока { $charged }.
generation-card-money-final = Зарезервировано { $reserved } { $reserved ->
        [one] токен
        [few] токена
       *[many] токенов
    }; списано { $charged }.
generation-card-balance = Баланс ИИ-изображений и видео после резервирования: { $balance } { $balance ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
generation-card-failed = ❌ Не вышло: { $count }; возвращено { $refunded } { $refunded ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
generation-card-canceled = ✖️ Отменено: { $count }; возвращено { $refunded } { $refunded ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
generation-card-cancel-running = { $count ->
    [one] { $count } уже создавалось и не могло быть остановлено; платите за него, только если получится.
   *[other] { $count } уже создавались и не могли быть остановлены; платите за них, только если получатся.
}
generation-card-pay-for-success = Платите только за получившиеся изображения.
generation-card-finished = ✅ { $name }: готово { $done } из { $count }, смотрите ниже.
generation-button-cancel-queued = ✖️ Отменить те, что в очереди ({ $count })
generation-button-change = 🔁 Изменить и попробовать снова
generation-button-original = ⬇️ Оригинал
generation-button-again = 🔁 Ещё раз
generation-button-reference = 🧩 Как образец
generation-button-animate = 🎬 Оживить
generation-button-delete = 🗑 Удалить
generation-button-delete-confirm = 🗑 Да, удалить
generation-button-keep = Оставить
generation-image-caption-unpriced = { $number }. { $prompt }
    { $model }
generation-image-caption = { $number }. { $prompt }
    { $model } · { $tokens } { $tokens ->
            [one] токен
            [few] токена
           *[many] токенов
        }
generation-album-title = Изображения { $from }–{ $to } · { $model }
generation-album-legend = 🎬 оживить · ⬇️ оригинальный файл · 🔁 ещё раз · 🧩 как образец · 🗑 удалить
generation-item-failed = ❌ { $number } не вышло ({ $reason }): возвращено { $tokens } { $tokens ->
        [one] токен
        [few] токена
       *[many] токенов
    }.
generation-item-no-reason = причина не указана
generation-links-fallback = Не все изображения удалось прислать сюда. Скачайте их по этим ссылкам (они действуют 24 часа):
generation-original-caption = Изображение { $number }, оригинальный файл
generation-original-coming = Отправляю оригинальный файл…
generation-delete-confirm = Удалить изображение { $number } с сервиса навсегда? Копия в этом чате останется.
generation-deleted = Изображение { $number } удалено с сервиса. Копия в этом чате осталась.
generation-deleted-already = Изображения { $number } на сервисе уже нет.
generation-kept = Оставлено.
generation-canceling = Отменяю изображения в очереди…
