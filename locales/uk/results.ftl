## results: captions, "Then..." buttons, New task
result-caption = ✅ { $task } #{ $id }
result-format-vertical-9-16 = вертикальне 9:16
result-format-horizontal-16-9 = горизонтальне 16:9
result-format-square = квадратне 1:1
result-format-vertical = вертикальне { $width }×{ $height }
result-format-horizontal = горизонтальне { $width }×{ $height }
result-format-mp3 = MP3
result-format-transcript = TXT і SRT
result-audio-title = { $task } #{ $id }
task-render-of = { $task } (озвучення #{ $id })
then-subtitles = ➡️ Далі: субтитри
then-dubbing = ➡️ Далі: дубляж
then-smart_clip = ➡️ Далі: нарізка роликів
then-pause_removal = ➡️ Далі: видалення пауз
then-motion-voice = ➡️ Далі: анімоване відео з цього голосу
then-dubbing-srt = ➡️ Далі: дубляж із цими субтитрами
then-clip-subtitles = ➡️ Кліп { $index }: субтитри
then-clip-dubbing = ➡️ Кліп { $index }: дубляж
then-expired = Посилання на цей результат уже не діє, тож передати його далі не вийде. Надішліть мені файл ще раз, щоб почати з ним нове завдання.
then-expired-button = ⌛ Посилання не діє: надішліть файл ще раз
new-task-same-media = Що зробити з { $count ->
    [one] тим самим файлом
   *[other] тими самими файлами ({ $count })
}? Або надішліть щось нове.

## Результат, переданий наступному завданню, як його називає картка
form-media-result = { $kind ->
    [clip] кліп { $clip }
    [audio] ваше озвучення
    [document] ваші субтитри
   *[other] ваше відео
} з #{ $id }
form-media-generated = ваш ШІ-кліп { $number }

## /tasks
tasks-page-of = Ваші завдання · сторінка { $page } з { $pages }
tasks-page-of-more = Ваші завдання · сторінка { $page } з { $pages }+
tasks-label = { $mark } { $type } · { $date }
tasks-label-input = { $mark } { $type } · { $date } · { $input }
task-details-title = #{ $id } · { $type }
task-details-status = { $mark } { $status }
task-details-date = Створено { $date }
task-send-again = 📤 Надіслати результат ще раз
task-sending-again = Надсилаю результат ще раз…
details-dubbing-auto = Автоматичний дубляж
details-dubbing-semi = Дубляж із вашою перевіркою тексту
details-dubbing-manual = Дубляж із вашими субтитрами
details-into = Мова: { $language }
details-translated = Субтитри перекладено: { $language }
details-language = Мова: { $language }
details-voiceover = Текст озвучення: { $count ->
    [one] { $count } символ
    [few] { $count } символи
   *[other] { $count } символів
}
details-media = { $count ->
    [one] { $count } фото чи кліп
    [few] { $count } фото чи кліпи
   *[other] { $count } фото й кліпів
}
details-clips = До { $count ->
    [one] { $count } кліпу
   *[other] { $count } кліпів
}
details-clip-length = Кліпи приблизно по { $seconds } с
details-motion-text = З тексту
details-motion-voice = З запису голосу
details-motion-video = З відеокліпу
details-render-of = Озвучення розшифровки #{ $id }

## semi-automatic dubbing: the check of the transcript
card-awaiting-check = ✍️ { $task } #{ $id }: розшифровка готова й чекає на вашу перевірку нижче. Нічого не озвучую, доки ви не натиснете «Озвучити».
summary-choice-mode-auto = Автоматично
summary-choice-mode-semi_auto = Спершу перевірити текст
summary-choice-mode-manual = Мої субтитри
review-title = <b>Дубляж #{ $id }: перевірте текст</b> (сторінка { $page } з { $pages })
review-how = Щоб виправити рядок, надішліть його номер і новий текст, наприклад <code>12: Доброго ранку</code>. Час рядка не зміниться. Можна також надіслати відредагований SRT-файл або натиснути «Озвучити».
review-button-file = 📄 SRT-файл
review-button-render = ▶️ Озвучити
review-file-caption = Розшифровка дубляжу #{ $id } з вашими змінами. Відредагуйте й надішліть назад або далі виправляйте рядки в чаті.
review-no-line = Рядка { $line } немає: у розшифровці { $count ->
    [one] { $count } рядок
    [few] { $count } рядки
   *[other] { $count } рядків
}.
review-rendering = ▶️ Надіслано на озвучення з цими рядками.
review-sent-file = ▶️ Надіслано на озвучення з вашим SRT-файлом.
