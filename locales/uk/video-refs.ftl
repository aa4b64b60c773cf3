## generation service: videos from source clips and to audio
generation-form-video_to_video-name = Відео з кліпів
generation-form-audio_to_video-name = Відео, що говорить
video-refs-menu-clip = 🎞 Відео з кліпу
video-refs-offer-clip = { $count ->
    [one] 🎞 Нове відео з цього кліпу
   *[other] 🎞 Нові відео з цих кліпів
}
video-refs-offer-audio = 🗣 Відео, що говорить цей запис
hint-prompt-video_to_video = Напишіть, яким має стати новий кліп: стиль, сцена, вигляд. Залиште порожнім — буде перестилізація за замовчуванням; напишіть один опис для всіх кліпів або по рядку на кожен кліп, у тому порядку, в якому ви їх надіслали.
hint-prompt-audio_to_video = Напишіть, хто говорить і де. Залиште порожнім — буде мовець за замовчуванням; напишіть один опис для всіх або по рядку на кожен запис, по порядку.
form-media-prompt-video_to_video = Надішліть кліпи, які треба переробити: з кожного вийде новий кліп. Коли все надіслано, натисніть «Готово».
form-media-wrong-video_to_video = Нові кліпи робляться лише з відео.
form-media-too-many-video_to_video = Кліпів: { $count }, а один запит бере щонайбільше { $max }. Почніть знову з меншою кількістю.
form-media-prompt-audio_to_video = Надішліть голосове повідомлення або аудіофайл: відео говоритиме під нього, а з довшого запису — під перші 15 секунд. Коли все надіслано, натисніть «Готово».
form-media-wrong-audio_to_video = Відео, що говорить, робиться лише під голосове повідомлення або аудіофайл.
form-media-too-many-audio_to_video = Записів: { $count }, а один запит бере щонайбільше { $max }. Почніть знову з меншою кількістю.
video-refs-audio-trimmed = { $count ->
    [one] Запис триває { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунди
       *[other] { $seconds } секунд
    }: буде використано лише { $limit ->
        [one] першу { $limit } секунду
        [few] перші { $limit } секунди
       *[other] перші { $limit } секунд
    }.
    [few] { $count } записи довші за { $limit ->
        [one] { $limit } секунду
        [few] { $limit } секунди
       *[other] { $limit } секунд
    }: з кожного буде використано лише початок такої довжини.
   *[other] { $count } записів довші за { $limit ->
        [one] { $limit } секунду
        [few] { $limit } секунди
       *[other] { $limit } секунд
    }: з кожного буде використано лише початок такої довжини.
}
video-refs-not-video = Цей файл — не відеокліп, який може взяти сервіс. Він приймає { $formats }.
video-refs-not-audio = Цей файл — не запис, який може взяти сервіс. Він приймає { $formats }.
video-refs-model-refuses = { $input ->
    [text] { $model } не робить відео лише з опису.
    [frames] { $model } не робить відео з фото.
    [keyframes] { $model } не робить переходів між фото.
    [video] { $model } не робить відео з кліпів.
   *[audio] { $model } не робить відео під аудіо.
} Нічого не списано: виберіть іншу модель і створіть знову.
video-refs-uploading-clip = ⏳ Завантажую кліп { $done } з { $total }…
video-refs-uploading-audio = ⏳ Завантажую запис { $done } з { $total }…
video-refs-clips-default = { $frames ->
    [one] Без опису: кліп отримає перестилізацію за замовчуванням.
   *[other] Без опису: кожен із кліпів ({ $frames }) отримає перестилізацію за замовчуванням.
}
video-refs-clips-one-for-all = { $frames ->
    [one] Опис — для цього кліпу.
   *[other] Один опис для всіх кліпів ({ $frames }).
}
video-refs-clips-in-order = Описів стільки ж, скільки кліпів ({ $frames }): перший рядок — до першого кліпу, і так далі.
video-refs-clips-missing = Кліпів: { $frames }, описів: { $prompts }. Кожному кліпу потрібен свій рядок, або всі мають один спільний опис. Напишіть один опис для всіх кліпів або додайте { $missing ->
    [one] { $missing } рядок, якого бракує
    [few] { $missing } рядки, яких бракує
   *[other] { $missing } рядків, яких бракує
}, по одному на кліп, по порядку.
video-refs-clips-extra = Кліпів: { $frames }, описів: { $prompts }. Кожен кліп бере один рядок, або всі мають один спільний опис. Напишіть один опис для всіх кліпів, приберіть { $extra ->
    [one] { $extra } зайвий рядок
    [few] { $extra } зайві рядки
   *[other] { $extra } зайвих рядків
} або додайте ще { $extra ->
    [one] { $extra } кліп
    [few] { $extra } кліпи
   *[other] { $extra } кліпів
}.
video-refs-audio-default = { $frames ->
    [one] Без опису: під запис говоритиме мовець за замовчуванням.
   *[other] Без опису: під кожен із записів ({ $frames }) говоритиме мовець за замовчуванням.
}
video-refs-audio-one-for-all = { $frames ->
    [one] Опис — для цього запису.
   *[other] Один опис для всіх записів ({ $frames }).
}
video-refs-audio-in-order = Описів стільки ж, скільки записів ({ $frames }): перший рядок — до першого запису, і так далі.
video-refs-audio-missing = Записів: { $frames }, описів: { $prompts }. Кожному запису потрібен свій рядок, або всі мають один спільний опис. Напишіть один опис для всіх або додайте { $missing ->
    [one] { $missing } рядок, якого бракує
    [few] { $missing } рядки, яких бракує
   *[other] { $missing } рядків, яких бракує
}, по одному на запис, по порядку.
video-refs-audio-extra = Записів: { $frames }, описів: { $prompts }. Кожен запис бере один рядок, або всі мають один спільний опис. Напишіть один опис для всіх, приберіть { $extra ->
    [one] { $extra } зайвий рядок
    [few] { $extra } зайві рядки
   *[other] { $extra } зайвих рядків
} або додайте ще { $extra ->
    [one] { $extra } запис
    [few] { $extra } записи
   *[other] { $extra } записів
}.
