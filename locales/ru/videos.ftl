## generation service: video forms
command-video = Видео из текста или из фото
generation-form-text_to_video-name = Видео из текста
generation-form-image_to_video-name = Видео из фото
video-menu-text = 🎬 Видео из текста
video-offer-frames = 🎬 Видео из этих фото
form-group-clip = 🎬 Формат, длительность и звук
hint-prompt-text_to_video = Опишите клип: что в нём и как оно движется. Несколько строк дают несколько клипов сразу: по одному на строку.
hint-prompt-image_to_video = Напишите, как должны ожить фото. Оставьте пустым — будет мягкое движение по умолчанию; напишите одно описание для всех клипов или по строке на каждое фото, в том порядке, в котором вы их прислали.
form-media-prompt-image_to_video = Пришлите фото, которые нужно оживить: из каждого выйдет отдельный клип. Когда всё прислано, нажмите «Готово».
form-media-wrong-image_to_video = Клипы делаются только из фото.
form-media-too-many-image_to_video = Это { $count } фото, а один запрос берёт не больше { $max }. Начните заново с меньшим количеством.
video-field-n = Клипов на описание
video-hint-n = Сколько вариантов сделать по каждому описанию.
video-hint-model = У каждой модели свой стиль, параметры и цена за клип. 🔒 — только для тарифа Pro.
video-hint-quality_mode = Режим получше работает дольше и может стоить дороже; у некоторых моделей он задаёт и размер кадра.
video-hint-aspect = Пропорции клипа.
video-hint-resolution = Кадр побольше хранит больше деталей и стоит дороже. 🔒 — только для тарифа Pro.
field-duration = Длительность
video-hint-duration = Сколько длится каждый клип. Длинные клипы стоят дороже.
video-field-audio = Звук
video-hint-audio = Модель сама делает звуковую дорожку; выключите её, чтобы клип был без звука.
video-field-join = Клипы
video-value-join = склеены в одно видео
summary-choice-join-null = 🎞 Отдельные клипы
summary-choice-join-true = 🎬 Склеить в одно видео
video-value-duration = { $seconds ->
    [one] { $seconds } секунда
    [few] { $seconds } секунды
   *[other] { $seconds } секунд
}
video-value-quality-mode = { $mode ->
    [standard] Стандартное
    [professional] Профессиональное
    [professional_audio] Профессиональное со звуком
    [normal] Обычное
    [custom] Особое (с другой ценой)
   *[other] { $label }
}
video-model-label = { $kind ->
    [fixed] { $model } · { $min } { $min ->
        [one] токен
        [few] токена
       *[other] токенов
    } за клип
   *[range] { $model } · { $min }–{ $max } { $max ->
        [one] токен
        [few] токена
       *[other] токенов
    } за клип
}
video-price-per-clip = { $kind ->
    [fixed] Цена: { $min } { $min ->
        [one] токен
        [few] токена
       *[other] токенов
    } за клип
   *[range] Цена: { $min }–{ $max } { $max ->
        [one] токен
        [few] токена
       *[other] токенов
    } за клип, в зависимости от выбора
}
video-price-per-second = { $kind ->
    [fixed] Эта модель считает цену посекундно: { $min } ток. за секунду видео.
   *[range] Эта модель считает цену посекундно: { $min }–{ $max } ток. за секунду видео, в зависимости от выбора.
}
video-pay-for-success = Оплачиваются только получившиеся клипы.
video-price-over-balance = ⚠️ Это может стоить до { $max } ток., больше, чем { $left } на вашем балансе: сервис отклоняет запрос, который не может оплатить целиком. Сделайте меньше клипов или покороче либо выберите модель подешевле.
video-price-over-budget = ⚠️ Это может стоить до { $max } ток., больше, чем { $left }, оставшихся в бюджете ключа: сервис отклоняет запрос, который ключ не может оплатить целиком. Сделайте меньше клипов или покороче, выберите модель подешевле или увеличьте бюджет ключа.
video-rule-unavailable = Сервис генерации сейчас не принимает новые видео. Попробуйте позже.
video-rule-too-many = Клипов: { $count }, а один запрос делает не больше { $max }. Уменьшите число описаний или клипов на описание.
video-frames-missing = Фото: { $frames }, описаний: { $prompts }. Каждому фото нужна своя строка, либо у всех одно общее описание. Напишите одно описание для всех клипов или добавьте { $missing ->
    [one] { $missing } недостающую строку
    [few] { $missing } недостающие строки
   *[other] { $missing } недостающих строк
}, по одной на фото, по порядку.
video-frames-extra = Фото: { $frames }, описаний: { $prompts }. Каждое фото берёт одну строку, либо у всех одно общее описание. Напишите одно описание для всех клипов, уберите { $extra ->
    [one] { $extra } лишнюю строку
    [few] { $extra } лишние строки
   *[other] { $extra } лишних строк
} или добавьте ещё { $extra } фото.
video-frames-default = { $frames ->
    [one] Без описания: фото получит мягкое движение по умолчанию.
   *[other] Без описания: каждое из фото ({ $frames }) получит мягкое движение по умолчанию.
}
video-frames-one-for-all = { $frames ->
    [one] Описание — для этого фото.
   *[other] Одно описание для всех клипов ({ $frames }).
}
video-frames-in-order = Описаний столько же, сколько фото ({ $frames }): первая строка — к первому фото, и так далее.

## generation service: video batches and results
video-card-title = 🎬 { $name } · { $count ->
    [one] { $count } клип
    [few] { $count } клипа
   *[other] { $count } клипов
} · { $model }
video-album-title = Клипы { $from }–{ $to } · { $model }
video-album-legend = ➡️ субтитры, дубляж и другое · 🔁 ещё раз · 🗑 удалить
video-then-menu = Клип { $number }: что дальше?
video-too-big = 🎬 Клип { $number } весит { $size } МБ — больше, чем бот может отправить здесь ({ $limit } МБ). Скачайте его по ссылке; она действует до { $until } по UTC:
    { $url }

## generation service: keyframe chains
generation-form-keyframe_video-name = Переходы между фото
video-offer-chain = 🎞 Переходы между этими фото
hint-prompt-keyframe_video = Напишите, как каждое фото должно превратиться в следующее. Оставьте пустым — будет плавный переход по умолчанию; напишите одно описание для всех переходов или по строке на каждый переход, по порядку.
form-media-prompt-keyframe_video = Пришлите 2 или больше фото в том порядке, в котором они должны идти друг за другом: каждая соседняя пара станет клипом-переходом. Когда всё прислано, нажмите «Готово».
form-media-wrong-keyframe_video = Переходы делаются только между фото.
form-media-too-many-keyframe_video = Это { $count } фото, а одна цепочка берёт не больше { $max }. Начните заново с меньшим количеством.
form-media-order = Порядок (фото пронумерованы так, как вы их прислали): { $order }. Кнопками ниже можно поменять соседние местами.
form-media-swap = { $first } ⇄ { $second }
video-chain-default = Без описания: фото ({ $frames }) дадут переходов: { $clips }, каждый с плавным движением по умолчанию.
video-chain-one-for-all = Фото ({ $frames }) дадут переходов: { $clips }, все с этим одним описанием.
video-chain-in-order = Фото ({ $frames }) дадут переходов: { $clips }, по описанию на каждый: первая строка — для фото 1 и 2 в порядке выше, и так далее.
video-chain-missing = Фото: { $frames }, переходов: { $clips }, описаний: { $prompts }. Каждому переходу нужна своя строка, либо у всех одно общее описание. Напишите одно описание для всех или добавьте { $missing ->
    [one] { $missing } недостающую строку
    [few] { $missing } недостающие строки
   *[other] { $missing } недостающих строк
}, по одной на переход, по порядку.
video-chain-extra = Фото: { $frames }, переходов: { $clips }, описаний: { $prompts }. Каждый переход берёт одну строку, либо у всех одно общее описание. Напишите одно описание для всех, уберите { $extra ->
    [one] { $extra } лишнюю строку
    [few] { $extra } лишние строки
   *[other] { $extra } лишних строк
} или добавьте ещё { $extra } фото.

## generation service: clip buttons
video-card-uploading = ⏳ Загружаю фото { $done } из { $total }…
video-delete-confirm = Удалить клип { $number } с сервиса навсегда? Копия в этом чате останется.
video-deleted = Клип { $number } удалён с сервиса. Копия в этом чате осталась.
video-deleted-already = Клипа { $number } на сервисе уже нет.
video-canceling = Отменяю клипы в очереди…
