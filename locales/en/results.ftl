## results: captions, "Then..." buttons, New task
result-caption = ✅ { $task } #{ $id }
result-format-vertical-9-16 = vertical 9:16
result-format-horizontal-16-9 = horizontal 16:9
result-format-square = square 1:1
result-format-vertical = vertical { $width }×{ $height }
result-format-horizontal = horizontal { $width }×{ $height }
result-format-mp3 = MP3
result-format-transcript = TXT and SRT
result-audio-title = { $task } #{ $id }
task-render-of = { $task } (render of #{ $id })
then-subtitles = ➡️ Then: Subtitles
then-dubbing = ➡️ Then: Dubbing
then-smart_clip = ➡️ Then: Smart clips
then-pause_removal = ➡️ Then: Pause removal
then-motion-voice = ➡️ Then: Animated explainer from this voice
then-dubbing-srt = ➡️ Then: Dubbing with these subtitles
then-clip-subtitles = ➡️ Clip { $index }: subtitles
then-clip-dubbing = ➡️ Clip { $index }: dubbing
then-expired = This result's link has expired, so it can't be passed on. Send the file to me again to start a new task with it.
then-expired-button = ⌛ Link expired: send the file again
new-task-same-media = What should I make of { $count ->
    [one] the same file
   *[other] the same { $count } files
}? Or send something new.

## A result handed on to the next task, as its card names it
form-media-result = { $kind ->
    [clip] clip { $clip }
    [audio] your voiceover
    [document] your subtitles
   *[other] your video
} from #{ $id }
form-media-generated = your AI clip { $number }

## /tasks
tasks-page-of = Your tasks · page { $page } of { $pages }
tasks-page-of-more = Your tasks · page { $page } of { $pages }+
tasks-label = { $mark } { $type } · { $date }
tasks-label-input = { $mark } { $type } · { $date } · { $input }
task-details-title = #{ $id } · { $type }
task-details-status = { $mark } { $status }
task-details-date = Created { $date }
task-send-again = 📤 Send the result again
task-sending-again = Sending the result again…
details-dubbing-auto = Automatic dubbing
details-dubbing-semi = Dubbing with your check of the text
details-dubbing-manual = Dubbing with your own subtitles
details-into = Into { $language }
details-translated = Subtitles translated into { $language }
details-language = Language: { $language }
details-voiceover = Voiceover text: { $count ->
    [one] 1 character
   *[other] { $count } characters
}
details-media = { $count ->
    [one] 1 photo or clip
   *[other] { $count } photos and clips
}
details-clips = Up to { $count ->
    [one] 1 clip
   *[other] { $count } clips
}
details-clip-length = Clips of about { $seconds } s
details-motion-text = Made from a text
details-motion-voice = Made from a voice recording
details-motion-video = Made from a video clip
details-render-of = Render of #{ $id }

## semi-automatic dubbing: the check of the transcript
card-awaiting-check = ✍️ { $task } #{ $id }: the transcript is ready and waits for your check below. Nothing is dubbed until you press Render.
summary-choice-mode-auto = Automatic
summary-choice-mode-semi_auto = Check the text first
summary-choice-mode-manual = My subtitles
review-title = <b>Dubbing #{ $id }: check the text</b> (page { $page } of { $pages })
review-how = To fix a line, send its number and the new text, for example <code>12: Good morning</code>. Its timing stays as it is. You can also send an edited SRT file, or press Render.
review-button-file = 📄 SRT file
review-button-render = ▶️ Render
review-file-caption = The transcript of dubbing #{ $id } with your changes. Edit it and send it back, or keep fixing lines in the chat.
review-no-line = There is no line { $line }: the transcript has { $count ->
    [one] 1 line
   *[other] { $count } lines
}.
review-rendering = ▶️ Sent to render with these lines.
review-sent-file = ▶️ Sent to render with the SRT file you sent.
