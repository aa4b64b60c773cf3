## results: captions, "Then..." buttons, New task
result-caption = ✅ { $task } #{ $id }
result-format-vertical-9-16 = вертикальное 9:16
result-format-horizontal-16-9 = горизонтальное 16:9
result-format-square = квадратное 1:1
result-format-vertical = вертикальное { $width }×{ $height }
result-format-horizontal = горизонтальное { $width }×{ $height }
result-format-mp3 = MP3
result-format-transcript = TXT и SRT
result-audio-title = { $task } #{ $id }
task-render-of = { $task } (озвучка #{ $id })
then-subtitles = ➡️ Дальше: субтитры
then-dubbing = ➡️ Дальше: дубляж
then-smart_clip = ➡️ Дальше: нарезка роликов
then-pause_removal = ➡️ Дальше: удаление пауз
then-motion-voice = ➡️ Дальше: анимированное видео из этого голоса
then-dubbing-srt = ➡️ Дальше: дубляж с этими субтитрами
then-clip-subtitles = ➡️ Клип { $index }: субтитры
then-clip-dubbing = ➡️ Клип { $index }: дубляж
then-expired = Ссылка на этот результат уже не действует, так что передать его дальше не получится. Пришлите мне файл ещё раз, чтобы начать с ним новую задачу.
then-expired-button = ⌛ Ссылка не действует: пришлите файл ещё раз
new-task-same-media = Что сделать с { $count ->
    [one] тем же файлом
   *[other] теми же файлами ({ $count })
}? Или пришлите что-то новое.

## Результат, переданный следующей задаче, как его называет карточка
form-media-result = { $kind ->
    [clip] клип { $clip }
    [audio] ваша озвучка
    [document] ваши субтитры
   *[other] ваше видео
} из #{ $id }
form-media-generated = ваш ИИ-клип { $number }

## /tasks
tasks-page-of = Ваши задачи · страница { $page } из { $pages }
tasks-page-of-more = Ваши задачи · страница { $page } из { $pages }+
tasks-label = { $mark } { $type } · { $date }
tasks-label-input = { $mark } { $type } · { $date } · { $input }
task-details-title = #{ $id } · { $type }
task-details-status = { $mark } { $status }
task-details-date = Создана { $date }
task-send-again = 📤 Прислать результат ещё раз
task-sending-again = Отправляю результат ещё раз…
details-dubbing-auto = Автоматический дубляж
details-dubbing-semi = Дубляж с вашей проверкой текста
details-dubbing-manual = Дубляж с вашими субтитрами
details-into = Язык: { $language }
details-translated = Субтитры переведены: { $language }
details-language = Язык: { $language }
details-voiceover = Текст озвучки: { $count ->
    [one] { $count } символ
    [few] { $count } символа
   *[other] { $count } символов
}
details-media = { $count ->
    [one] { $count } фото или клип
    [few] { $count } фото или клипа
   *[other] { $count } фото и клипов
}
details-clips = До { $count ->
    [one] { $count } клипа
   *[other] { $count } клипов
}
details-clip-length = Клипы примерно по { $seconds } с
details-motion-text = Из текста
details-motion-voice = Из записи голоса
details-motion-video = Из видеоклипа
details-render-of = Озвучка расшифровки #{ $id }

## semi-automatic dubbing: the check of the transcript
card-awaiting-check = ✍️ { $task } #{ $id }: расшифровка готова и ждёт вашей проверки ниже. Ничего не озвучиваю, пока вы не нажмёте «Озвучить».
summary-choice-mode-auto = Автоматически
summary-choice-mode-semi_auto = Сначала проверить текст
summary-choice-mode-manual = Мои субтитры
review-title = <b>Дубляж #{ $id }: проверьте текст</b> (страница { $page } из { $pages })
review-how = Чтобы исправить строку, пришлите её номер и новый текст, например <code>12: Доброе утро</code>. Время строки не изменится. Можно также прислать отредактированный SRT-файл или нажать «Озвучить».
review-button-file = 📄 SRT-файл
review-button-render = ▶️ Озвучить
review-file-caption = Расшифровка дубляжа #{ $id } с вашими правками. Отредактируйте и пришлите обратно или продолжайте исправлять строки в чате.
review-no-line = Строки { $line } нет: в расшифровке { $count ->
    [one] { $count } строка
    [few] { $count } строки
   *[other] { $count } строк
}.
review-rendering = ▶️ Отправлено на озвучку с этими строками.
review-sent-file = ▶️ Отправлено на озвучку с вашим SRT-файлом.
