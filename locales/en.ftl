## Command descriptions (the command menu)
command-start = Start: what the bot does
command-help = What each task needs and costs
command-cancel = Leave the current step
command-settings = Default language, voice, subtitles, format
command-language = Interface language
command-balance = Balance, limits and usage
command-tasks = Your tasks and their results
command-apikey = Your API key

## General
error-generic = Something went wrong on our side. Please try again in a minute.
rate-limited = Too many messages at once. Please slow down a little.
unexpected-input = I did not understand that. Pick a task with /start, or see /help.
group-private-only = I work in a private chat. Tap the button to open it.
button-open-private = Open a private chat
button-stale = This button is from an older message. Please use the latest one.
button-foreign = This button is not yours.
button-back = « Back
button-next = Next »
button-prev = « Previous
button-cancel = Cancel
button-confirm = Yes, go ahead

## /start and task types
welcome =
    Hello, { $name }! I turn your photos, clips, audio and text into finished media:
    videos with voiceover and subtitles, transcripts, voiceovers, dubbing, short clips and motion videos.

    Pick a task below, or just send me a file.
welcome-pick = Choose a task:
task-video-name = Video from photos and clips
task-transcription-name = Transcription
task-audio-name = Voiceover
task-subtitles-name = Subtitles
task-pause_removal-name = Pause removal
task-dubbing-name = Dubbing
task-smart_clip-name = Smart clips
task-motion-name = Motion video
task-video-needs = Up to 30 photos or video clips (JPEG, PNG, WebP, MP4, MOV, AVI), and optionally the voiceover text.
task-transcription-needs = One audio or video file (MP3, WAV, M4A, MP4, MOV, AVI) or an https link to it.
task-audio-needs = The text to be spoken.
task-subtitles-needs = One finished video (MP4, MOV, AVI) or an https link to it.
task-pause_removal-needs = One video (MP4, MOV, AVI) or an https link to it.
task-dubbing-needs = One video and the language to dub it into; optionally an SRT file with your own translation.
task-smart_clip-needs = One long video (MP4, MOV, AVI) or an https link to it.
task-motion-needs = A text, a voice recording or a talking-head video clip.
task-video-price = 30 tokens per minute of the result.
task-transcription-price = 40 tokens per minute.
task-audio-price = Free to 41 tokens per minute of speech, depending on the voice provider.
task-subtitles-price = 50 tokens per minute of the result; 60 with translation.
task-pause_removal-price = 50 tokens per minute.
task-dubbing-price = 100 to 141 tokens per minute, depending on the voice provider.
task-smart_clip-price = 80 tokens per minute of the source video.
task-motion-price = Depends on your plan's motion allowance.
task-video-next = Send the photos or clips now.
task-transcription-next = Send the audio or video file, or paste an https link.
task-audio-next = Send the text to be spoken.
task-subtitles-next = Send the video, or paste an https link.
task-pause_removal-next = Send the video, or paste an https link.
task-dubbing-next = Send the video, or paste an https link.
task-smart_clip-next = Send the long video, or paste an https link.
task-motion-next = Send the text, a voice message or a video clip.
task-card =
    { $name }

    Needs: { $needs }
    Price: { $price }

    { $next }
start-unknown-payload = That link does not open any task. Choose one below.

## /help
help-intro = What I can do (1,000 tokens = 1 USD; tokens are charged only for a finished task):
help-entry =
    { $name }
    Needs: { $needs }
    Price: { $price }
help-extras = Extras: automatic captions 50 tokens per render, cards 30 tokens each, frame overlays 30 tokens per render.
help-footer = /settings sets your default voice, subtitles and format. /cancel leaves any step.

## /cancel
cancel-done = Cancelled. Nothing is pending now. Pick a new task with /start.

## /language
language-pick = Choose the interface language:
language-changed = The interface language is now English.
language-name-en = English
language-name-uk = Українська
language-name-ru = Русский

## /settings
settings-title = Your defaults (they prefill every new task):
settings-summary =
    Language: { $language }
    Voice provider: { $provider }
    Voice: { $voice }
    Speed: { $speed }
    Voice style: { $style }
    Subtitle style: { $subStyle }
    Subtitle position: { $subPosition }
    Subtitle size: { $subSize }
    Video format: { $format }
settings-not-set = not set
settings-automatic = automatic
settings-button-language = Language
settings-button-provider = Voice provider
settings-button-voice = Voice
settings-button-speed = Speed
settings-button-style = Voice style
settings-button-sub-style = Subtitle style
settings-button-sub-position = Subtitle position
settings-button-sub-size = Subtitle size
settings-button-format = Video format
settings-button-reset = Reset to automatic
settings-choose-language = Choose the interface language:
settings-choose-provider = Choose the default voice provider:
settings-choose-voice = Choose the default voice of { $provider }:
settings-choose-voice-first = Choose a voice provider first.
settings-no-voices = The catalog has no voices for this provider in your language.
settings-choose-speed = Choose the default speech speed:
settings-choose-style = Choose the default voice style (providers that support styles use it):
settings-choose-sub-style = Choose the default subtitle style:
settings-choose-sub-position = Choose where subtitles go:
settings-choose-sub-size = Choose the subtitle size:
settings-choose-format = Choose the default video format:
settings-saved = Saved.
tts-style-standard = Standard
tts-style-calm = Calm
tts-style-expressive = Expressive
tts-style-energetic = Energetic
tts-style-dramatic = Dramatic
tts-style-cheerful = Cheerful
sub-position-top = Top
sub-position-center = Center
sub-position-bottom = Bottom
sub-size-small = Small
sub-size-medium = Medium
sub-size-large = Large
video-format-9_16 = Vertical 9:16
video-format-16_9 = Horizontal 16:9
video-format-1_1 = Square 1:1
video-format-original = Keep the source size

## /balance
balance-tokens = Balance: { $tokens } tokens (about { $usd } USD).
balance-quota = Plan: { $tariff }, valid until { $expires }.
balance-quota-no-expiry = Plan: { $tariff }.
balance-limits-title = Limits of your account:
balance-limit-seconds = Video seconds per month: { $value }
balance-limit-tts = Voiceover characters: { $value }
balance-limit-premium-tts = Premium voice characters: { $value }
balance-limit-transcription = Transcription seconds: { $value }
balance-limit-photos = Photos per video: { $value }
balance-limit-video-duration = Longest video: { $value } s
balance-limit-file-size = Largest file: { $value } MB
balance-usage-title = Used this month:
balance-usage-seconds = Video seconds: { $value }
balance-usage-tts = Voiceover characters: { $value }
balance-usage-premium-tts = Premium voice characters: { $value }
balance-usage-transcription = Transcription seconds: { $value }
balance-reset = Limits reset on { $date }.

## /tasks
tasks-empty = You have no tasks yet. Start one with /start.
tasks-title = Your tasks (page { $page }):
tasks-item = #{ $id } { $type }: { $status }, { $date }
task-status-pending = waiting
task-status-processing = in progress
task-status-completed = done
task-status-failed = failed
task-details =
    Task #{ $id }: { $type }
    Status: { $status }
    Created: { $date }
task-details-progress = Progress: { $progress }%
task-details-error = Reason: { $error }
task-result-link = Result: { $url }
    The link works until { $expires }.
task-result-link-no-expiry = Result: { $url }
task-result-expires = The links work until { $expires }.
task-result-expired = The result link has expired; the result can no longer be downloaded.
task-result-clip = Clip { $index }: { $title }
    { $url }
task-result-document-txt = Transcript (text)
task-result-document-srt = Transcript with timecodes (SRT)
task-not-found = That task was not found.

## /apikey
apikey-none = You have no API key yet. With a key you can use the service over HTTP (header X-API-Key).
apikey-info =
    Your API key: { $prefix }…
    Created: { $date }
    The full key is shown only once, when it is issued.
apikey-new =
    Your new API key (shown once; this message disappears in 10 minutes):
    { $key }
apikey-button-issue = Issue a key
apikey-button-rotate = Replace the key
apikey-button-revoke = Revoke the key
apikey-rotate-confirm = Replace your key? The current key stops working at once.
apikey-revoke-confirm = Revoke your key? It stops working at once.
apikey-revoked = Your key is revoked. You can issue a new one with /apikey.
apikey-kept = Nothing changed.

## Service errors
service-error-unauthorized = The service did not accept your API key. Issue a new one with /apikey.
service-error-insufficient_balance = Your token balance is too low for this. Check it with /balance.
service-error-forbidden = Your plan does not include this feature.
service-error-not_found = The service could not find this. Uploaded files are kept for 2 hours; please send the file again.
service-error-too_large = The file is too large for the service (at most 500 MB).
service-error-unsupported_type = The service does not accept this file type.
service-error-rate_limited = The service is busy with your earlier requests. Please try again in a minute.
service-error-server = The service had an internal error. Please try again later.
service-error-timeout = The service took too long to answer. Please try again.
service-error-network = The service cannot be reached right now. Please try again later.
service-error-invalid_request = The service refused the request as invalid.
service-error-invalid_response = The service sent an answer I could not read. Please try again later.

## intake
intake-offer = Got { $media }. What should I make of it?
intake-offer-more = Send more photos or clips to add them, or choose a task.
intake-expired = I no longer have the files you sent. Please send them again.
intake-count-photo = { $count ->
    [one] 1 photo
   *[other] { $count } photos
}
intake-count-video = { $count ->
    [one] 1 video
   *[other] { $count } videos
}
intake-count-audio = { $count ->
    [one] 1 audio file
   *[other] { $count } audio files
}
intake-count-voice = { $count ->
    [one] 1 voice message
   *[other] { $count } voice messages
}
intake-count-video_note = { $count ->
    [one] 1 video message
   *[other] { $count } video messages
}
intake-count-document = { $count ->
    [one] 1 file
   *[other] { $count } files
}
intake-count-link = { $count ->
    [one] 1 link
   *[other] { $count } links
}
media-error-unsupported_type = I cannot use this file ({ $name }). Accepted formats: { $formats }, and voice messages.
media-error-too_big_for_bot_api = This file is over { $limitMb } MB, the most a bot can download from Telegram. Upload it somewhere and send me an https link to it instead.
media-error-too_big_for_intake = This file is over { $limitMb } MB, the most this bot takes. Send an https link to it instead.
media-error-too_big_for_service = This file is over { $limitMb } MB, the most the service accepts. Please send a shorter or smaller file.
media-error-too_many_media = That is { $count } files; a video takes at most { $max } photos and clips. Please send fewer.
media-error-mixed_media = These files do not go together: several files make one video from up to { $max } photos and clips. Send audio, subtitles or a single video on its own.
media-error-link_not_https = Only https:// links work ({ $link }). Please send the https address.
media-error-link_malformed = This does not look like a usable link: { $link }. Send a full address starting with https://.
media-error-download_failed = I could not fetch the file from Telegram. Please send it again.
media-error-type_mismatch = The file's contents are not what its name says. Accepted formats: { $formats }.
media-error-conversion_failed = I could not convert the voice message. Please send it as an MP3, WAV or M4A file.
