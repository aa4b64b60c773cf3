## Command descriptions (the command menu)
command-start = Start: what the bot does
command-help = What I can do and all my commands
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
    videos with voiceover and subtitles, transcripts, voiceovers, dubbing, smart clips and animated explainers.

    Pick a task below, or just send me a file.
welcome-pick = Choose a task:
task-video-name = Slideshow with voiceover
task-joined-name = Video from { $keyframes } { $keyframes ->
    [one] keyframe
   *[other] keyframes
}
task-transcription-name = Transcription
task-audio-name = Voiceover
task-subtitles-name = Subtitles
task-pause_removal-name = Pause removal
task-dubbing-name = Dubbing
task-smart_clip-name = Smart clips
task-motion-name = Animated explainer
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
settings-button-voice = Voice
settings-button-speed = Speed
settings-button-style = Voice style
settings-button-sub-style = Subtitle style
settings-button-sub-position = Subtitle position
settings-button-sub-size = Subtitle size
settings-button-format = Video format
settings-button-reset = Back to the default
settings-choose-language = Choose the interface language:
settings-choose-voice = Choose your default voice:
settings-no-voices = There are no voices in your language.
settings-choose-speed = Choose the default speech speed:
settings-choose-style = Choose the default voice style (providers that support styles use it):
settings-choose-sub-style = Choose the default subtitle style:
settings-choose-sub-position = Choose where subtitles go:
settings-choose-sub-size = Choose the subtitle size:
settings-choose-format = Choose the default video format:
settings-saved = Saved.

## /balance
balance-media-tokens = Media tasks (video, subtitles, voice…): { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
    }
balance-media-tokens-usd = Media tasks (video, subtitles, voice…): { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
    } (about { $usd } USD)
balance-media-plan = Media tasks (video, subtitles, voice…): { $tariff } plan, valid until { $expires }
balance-media-plan-no-expiry = Media tasks (video, subtitles, voice…): { $tariff } plan
balance-generation-tokens = AI images and videos: { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
    }
balance-generation-tokens-usd = AI images and videos: { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
    } (about { $usd } USD)
balance-generation-not-linked = AI images and videos: link your account with /connect
balance-generation-unreadable = AI images and videos: the balance is not available now, /account says why
balance-generation-more = The AI account's plan, key and storage: /account
balance-limits-title = Media task limits:
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
balance-details-more = 🔽 Details: USD and limits
balance-details-fewer = 🔼 Fewer details

## /tasks
tasks-empty = You have no tasks yet. Start one with /start.
task-status-pending = waiting
task-status-processing = in progress
task-status-completed = done
task-status-failed = failed
task-details-progress = Progress: { $progress }%
task-details-error = Reason: { $error }
task-not-found = That task was not found.

## /apikey
apikey-none =
    You have no API key yet. An API key lets your own programs use the service over HTTP (header X-API-Key).
    You do not need one for the tasks you start here: the bot uses a key of its own for them, which is never shown.
apikey-info =
    Your API key: { $prefix }…
    Created: { $date }
    The full key was shown once, when it was issued. If you no longer have it, replace it.
    The tasks you start here do not use it, so changing it never affects them.
apikey-new =
    Your new API key (shown once; this message disappears in 10 minutes):
    { $key }
apikey-button-issue = Issue a key
apikey-button-rotate = Replace the key
apikey-button-revoke = Revoke the key
apikey-rotate-confirm = Replace your key? The current key stops working at once.
apikey-revoke-confirm = Revoke your key? It stops working at once.
apikey-revoked = Key revoked: it no longer works. Your tasks in this chat are not affected. You can issue a new key with /apikey.
apikey-issued = Key issued. It is in the next message.
apikey-replaced = Key replaced: the old one no longer works. The new one is in the next message.
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
media-error-empty_file = This file is empty ({ $name }): there is nothing in it to work with. Please send the file again from where it was saved.
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

## task forms
form-create = ✅ Create
form-details-more = 🔽 Details: { $count } more { $count ->
    [one] setting
   *[other] settings
    }
form-details-more-and-notes = { $count ->
    [0] 🔽 Details: how your files are used
    [one] 🔽 Details: { $count } more setting and how your files are used
   *[other] 🔽 Details: { $count } more settings and how your files are used
    }
form-details-fewer = 🔼 Fewer details
paid-from-media-tasks = Paid from: media tasks balance
paid-from-media-tasks-plan = Paid from: your media tasks plan
paid-from-generations = Paid from: AI images and videos balance
form-reset = Reset to default
form-or-type = Or type a value.
form-type-text = Send it as one message (at most { $max } characters).
form-send-file-audio = Send your MP3 file.
form-send-file-subtitles = Send the SRT file.
form-media-add = ➕ Add photos or clips
form-media-done = Done ({ $count })
form-media-count = { $count } of { $max } files at most
form-media-needed = { $min ->
    [one] Send at least one file first.
   *[other] Send at least { $min } files first.
}
form-media-prompt-video = Send 1 to 30 photos or video clips, one by one or as albums, or https links to them. Press Done when all are here.
form-media-prompt-transcription = Send the audio or video file, or paste an https link to it.
form-media-prompt-audio = Send the text to be spoken.
form-media-prompt-subtitles = Send the video, or paste an https link to it.
form-media-prompt-pause_removal = Send the video, or paste an https link to it.
form-media-prompt-dubbing = Send the video to dub, or paste an https link to it.
form-media-prompt-smart_clip = Send the long video, or paste an https link to it.
form-media-prompt-motion = Send the voice recording or the talking-head clip, or paste an https link to it.
form-media-wrong-video = A video is made of photos and video clips only.
form-media-wrong-transcription = Transcription takes one audio or video file.
form-media-wrong-audio = A voiceover is made from text; no file is needed.
form-media-wrong-subtitles = Subtitles take one video.
form-media-wrong-pause_removal = Pause removal takes one video.
form-media-wrong-dubbing = Dubbing takes one video.
form-media-wrong-smart_clip = Smart clips take one video.
form-media-wrong-motion = An animated explainer takes a voice recording (audio) or a video clip.
form-file-expected-audio = Please send an MP3 file here.
form-file-expected-subtitles = Please send an SRT file here.
form-file-expected-image = Please send a photo here.
form-file-expected-video = Please send a video here.
form-srt-as-file = Please send the SRT as a file, not as a link, so I can check it first.
form-srt-too-big = This file is too big to be an SRT (at most 2 MB).
form-use-buttons = Please choose with the buttons.
form-scene-map = Scene { $scene } → file { $media }
form-cancelled = { $task }: cancelled. Nothing was sent.
form-submitting = Sending…
form-too-long = This form has been open for too many steps. Please start again with /start.
form-required = Please fill in: { $field }
form-error-field = The service would not accept this value: { $field }
form-error-number = Please send a number.
form-error-integer = Please send a whole number.
form-error-range = Please send a number from { $min } to { $max }.
form-error-language = Please send a language code such as en, uk or pt-BR.
form-error-number-list = Please send positive numbers separated by spaces, for example: 3 4 2.5
form-error-count = Expected { $expected } values, got { $actual }.
form-error-word = "{ $word }" is not one of: { $allowed }
form-error-too-long = That is { $length } characters; at most { $max } fit here.
form-overlay-count = { $count ->
    [one] 1 caption
   *[other] { $count } captions
}
form-overlay-add = ➕ Add a caption
form-overlay-type = Send the caption's text (at most 200 characters). To set its time, add it after a bar: Sale today | 2-5
form-overlay-delete = 🗑 Delete this caption
form-overlay-text = A caption needs a text of 1 to { $max } characters.
form-overlay-times = Write the time as start-end in seconds, for example 2-5, or 3- to run to the end.
form-overlay-full = At most { $max } captions.
overlay-style = Style
overlay-position = Position
overlay-size = Size
overlay-anim = Animation
overlay-bold = Bold
overlay-italic = Italic
overlay-fade = Fade
value-on = on
value-off = off
value-none = not set

form-group-voice = 🎙 Voice
form-group-scenes = 🎞 Scenes and format
form-group-subtitles = 💬 Subtitles
form-group-captions = 🏷 Captions
form-group-music = 🎵 Music
form-group-cards = 🃏 Cards
form-group-sounds = 🔊 Sound effects
form-group-recognition = 🗣 Recognition
form-group-translation = 🌐 Translation
form-group-reels = 📱 Vertical video
form-group-clips = ✂️ Clips
form-group-filters = 🎨 Filters
form-group-source = 📝 Source
form-group-look = 🖼 Look
form-group-languages = 🌐 Languages and mode
form-group-mix = 🎚 Mix

field-text = Text
field-language = Language
field-tts_voice = Voice
field-tts_speed = Speed
field-tts_style = Speaking style
field-tts_scene = Speaking instruction
field-format = Format
field-animation = Animation
field-transition = Transition
field-transition_duration = Transition length (s)
field-scene_durations = Scene lengths (s)
field-scene_transitions = Transition per cut
field-target_duration = Target length (s)
field-subtitles = Subtitles
field-sub_style = Subtitle style
field-sub_position = Subtitle position
field-sub_size = Subtitle size
field-sub_color = Subtitle colour
field-text_overlays = Captions
field-text_overlays_raw = Captions as code
field-auto_text = Automatic captions
field-bgm_track = Library music
field-bgm_file = Your own music
field-bgm_volume = Music volume
field-audio_mix_type = Clips' own sound
field-ai_graphics = Cards
field-ai_graphics_mode = Card mode
field-ai_graphics_density = Card density
field-ai_graphics_directives = Card directions
field-ai_graphics_sfx = Card sound
field-sfx_auto_sound = Caption sound
field-sfx_transition_sound = Scene change sound
field-ai_prompt = Hint for recognition
field-output_format = Output
field-translate_to = Translate to
field-reels_mode = Vertical 9:16
field-reels_reframe = Reframing
field-mode = Mode
field-target_lang = Dub into
field-source_lang = Spoken language
field-srt_file = Your SRT
field-mix_mode = Original sound
field-overlay_volume = Original volume (%)
field-sub_lang = Subtitles show
field-max_clips = Number of clips
field-target_sec = Clip length (s)
field-context = What the video is about
field-filters = Filters
field-source = Made from
field-style = Theme

hint-text = The words to be spoken. Mark cuts with `{"{"}scene{"}"}`, add a transition with `{"{"}scene:fade{"}"}`, its length with `{"{"}scene:fade:0.8{"}"}`, or only a length with `{"{"}scene:2{"}"}`. The markers are not read aloud. Without a text the video is silent.
hint-language = The language of the voiceover or speech. Automatic lets the service detect it.
hint-tts_speed = How fast the voice speaks.
hint-tts_style = The manner of speaking; only some voice providers offer it.
hint-tts_scene = A free-text instruction for the voice, for example: warm, unhurried, like a documentary narrator. Only some voice providers take it.
hint-format = Vertical for phones, horizontal for screens, square, or the size of the source.
hint-animation = Slow pan and zoom brings the photos to life.
hint-transition = The cut between scenes when no marker says otherwise (with animation on).
hint-transition_duration = Seconds each transition takes.
hint-scene_durations = For a silent video: seconds per file, one number each, separated by spaces, for example: 3 4 2.5
hint-scene_transitions = For a silent video: one transition per cut, separated by spaces, for example: `fade zoom slide`. Names: `fade`, `dissolve`, `slide`, `cover`, `reveal`, `zoom`, `squeeze`, `wind`, `pixel`, `circle`, `random`.
hint-target_duration = A longer result is sped up to this length, at most twice as fast; a shorter one stays as it is. Your plan's limit applies.
hint-subtitles = Karaoke subtitles of the voiceover.
hint-sub_style = The look of the subtitles.
hint-sub_position = Where the subtitles sit.
hint-sub_size = How big the subtitles are.
hint-sub_color = A colour for the subtitles. You can also type your own as `#RRGGBB`.
hint-text_overlays = Static captions over the video: up to 10, each with its own style, position, size, animation and time.
hint-text_overlays_raw = All captions in one message, one per line (or separated by /): `TEXT | attributes | start-end`. Attributes: `small`, `medium`, `large`; `bold`, `thin`, `italic`; `top`, `middle`, `bottom`; `left`, `center`, `right`; `white`, `yellow`, `red`, `green`, `blue`, `pink`, `orange`, `purple`, `black`, `cyan`; `pop`, `slide`, `type`, `fade`, `none`. Example: `SALE | large bold top center yellow pop | 0-3`
hint-auto_text = Keywords of the voiceover pop up as captions (50 tokens per video).
hint-bgm_track = A track from the library, by style.
hint-bgm_file = Your own MP3 as background music.
hint-bgm_volume = How loud the music plays under the voice; 20 % is usual. You can type a number from 0 to 100.
hint-audio_mix_type = What happens to the sound of your video clips under the voice and music.
hint-ai_graphics = Animated cards over the video: lists, numbers, quotes, comparisons, charts (30 tokens each).
hint-ai_graphics_mode = Automatic: picked from the narration. With your directions: automatic plus the cards you describe. Only your directions: works on a silent video too.
hint-ai_graphics_density = How often cards appear.
hint-ai_graphics_directives = One card per line: `MM:SS[-MM:SS] template arguments [@position]`. Templates: `caption`, `quote`, `subscribe`, `like`, `list`, `steps`, `stat`, `percent`, `trend`, `compare`. Positions: `@center`, `@top`, `@bottom`, `@left`, `@right`. Example: `00:05-00:09 stat 87% of viewers @top`
hint-ai_graphics_sfx = A sound as each card appears.
hint-sfx_auto_sound = A sound as each automatic caption appears.
hint-sfx_transition_sound = A sound on each scene change.
hint-ai_prompt = Names, terms or context that help recognition. The names in your /glossary are added to it in every task.
hint-output_format = Plain text, subtitles with timecodes (SRT), or both.
hint-translate_to = Translate the subtitles; timing and audio stay.
hint-reels_mode = Makes the result vertical 9:16.
hint-reels_reframe = How the picture fills the vertical frame.
hint-mode = Automatic does everything. "Check the transcript first" sends you the transcript to edit. "My own subtitles" uses your SRT in the target language.
hint-target_lang = The language of the new voice.
hint-source_lang = The language spoken in the video.
hint-srt_file = An SRT in the target language whose times fit within the video.
hint-mix_mode = What happens to the original sound under the new voice.
hint-overlay_volume = How loud the original stays, 0 to 100.
hint-sub_lang = Which speech the subtitles show. You can also type a language code such as `de`.
hint-max_clips = Automatic makes about one clip per 5 minutes (4 to 10).
hint-target_sec = The clip length to aim for; cuts snap to pauses in speech.
hint-context = What the video is and what to look for. The names in your /glossary are added to it.
hint-filters = Colour filters for every clip; choose any.
hint-source = A text, a voice recording or a talking-head video.
hint-style = The look of the animated explainer.

## voice picker
voice-choose-language = Choose the language of the voice:
voice-choose-voice = { $language } voices: choose one.
voice-play-sample = ▶ plays a sample.
voice-price-free = free
voice-line = { $name } — { $traits } voice
voice-gender-female = female
voice-gender-male = male
voice-gender-neutral = neutral
voice-tone-calm = calm
voice-tone-warm = warm
voice-tone-bright = bright
voice-tone-deep = deep
voice-tone-soft = soft
voice-tone-energetic = energetic
voice-tone-confident = confident
voice-other-language = 🌐 Another language
voice-automatic = Let the service choose
voice-preview-sent = Sample sent below.
voice-preview-making = Making the sample; it arrives in a few seconds.
voice-preview-failed = The voice sample could not be made right now. Please try again later.

## task cards
card-queued = ⏳ { $task }: getting ready…
card-uploading = ⏳ { $task }: uploading file { $done } of { $total }…
card-creating = ⏳ { $task }: creating the task…
card-created = 🕓 { $task } #{ $id }: created, waiting in the queue.
card-progress = ⚙️ { $task } #{ $id }: { $percent }% done.
card-delivered = ✅ { $task } #{ $id }: done, the result is below.
card-failed = ❌ { $task } #{ $id }: failed, see below.
card-submit-failed = ❌ { $task }: not created. { $reason } Nothing was charged.
card-unconfirmed = ⏳ { $task }: the service did not confirm the task, so I'm checking whether it was created. I won't send it twice; if it exists, the result will come here.
card-not-created = ❌ { $task }: not created. The service never confirmed it, and it is not among your tasks. Press Retry to send it again.
card-unresolved = ⚠️ { $task }: the service did not confirm the task, and several tasks like it were created at that moment, so I can't tell which one it is. Look for it in /tasks.
card-gave-up = ⌛ { $task } #{ $id }: still not finished after a long time. I stopped waiting; /tasks shows it when it is done.
outcome-button-repeat = 🔁 Repeat with changes
outcome-button-newTask = ➕ New task
outcome-button-retrySubmit = 🔄 Retry
outcome-button-tryAgain = 🔄 Try again
outcome-failed = ❌ { $task } #{ $id } failed: { $error }
    Nothing was charged.
outcome-failed-unknown = the service gave no reason
outcome-link-fallback = Task #{ $id } is ready. If the file did not arrive above, download it here: { $url }
outcome-task-gone = The service no longer knows task #{ $id }; its result cannot be delivered.

## form rules (what the service would refuse)
rule-invalid = This value is not accepted.
rule-auto_text_needs_text = Automatic captions need a voiceover text.
rule-bgm_exclusive = Choose library music or your own MP3, not both.
rule-color_not_ass = The colour must be written as #RRGGBB.
rule-color_not_hex = The colour must be written as #RRGGBB.
rule-filters_repeated = Each filter can be chosen once.
rule-language_invalid = This is not a language code (for example en, uk, pt-BR).
rule-url_not_https = Links must start with https://.
rule-file_ref_insecure = Links must start with https://.
rule-media_count_invalid = There are no files to map the scenes to.
rule-scene_count_invalid = The text has no scenes.
rule-scene_marker_bad_seconds = Line { $line }: a scene length must be a positive number of seconds.
rule-scene_marker_malformed = Line { $line }: a scene marker is written {"{"}scene{"}"}, {"{"}scene:fade{"}"}, {"{"}scene:fade:0.8{"}"} or {"{"}scene:2{"}"}.
rule-scene_marker_unclosed = Line { $line }: a scene marker is not closed with {"}"}.
rule-scene_marker_unknown_type = Line { $line }: unknown transition. Use fade, dissolve, slide, cover, reveal, zoom, squeeze, wind, pixel, circle or random.
rule-scene_durations_count = Scene lengths need one value per file ({ $expected }).
rule-scene_transitions_count = Transitions need one value per cut ({ $expected }).
rule-text_overlays_both = Use the caption editor or captions as code, not both.
rule-overlay_empty = Line { $line }: a caption needs a text.
rule-overlay_too_many = At most 10 captions.
rule-overlay_time_order = A caption must end after it starts.
rule-directive_args_missing = Line { $line }: this card template needs its arguments.
rule-directive_empty = Write at least one card direction.
rule-directive_position_unknown = Line { $line }: the position must be @center, @top, @bottom, @left or @right.
rule-directive_template_missing = Line { $line }: name a template after the time.
rule-directive_template_unknown = Line { $line }: unknown template. Use caption, quote, subscribe, like, list, steps, stat, percent, trend or compare.
rule-directive_time_invalid = Line { $line }: write the time as MM:SS or MM:SS-MM:SS (or end).
rule-directive_time_order = Line { $line }: a card must end after it starts.
rule-directive_too_many = Too many card directions.
rule-ai_graphics_directives_mode = Card directions are used only with "Automatic plus my directions" or "Only my directions".
rule-ai_graphics_directives_required = Manual cards need your directions.
rule-ai_graphics_sfx_needs_ai_graphics = A card sound needs cards turned on.
rule-sfx_auto_sound_needs_auto_text = A caption sound needs automatic captions turned on.
rule-overlay_volume_needs_overlay = The original's volume applies only when the original sound is kept.
rule-tts_style_unsupported = This voice provider has no speaking styles.
rule-tts_scene_unsupported = This voice provider does not take speaking instructions.
rule-motion_text_required = An animated explainer from text needs the text.
rule-motion_file_required = An animated explainer from a recording or a clip needs the file.
rule-motion_tts_only_for_text = A voice is chosen only for an animated explainer from text.
rule-motion_format_not_for_video = The format follows the clip in an animated explainer from video.
rule-target_duration_invalid = The target length must be a positive number of seconds.
rule-target_duration_over_limit = Your plan allows videos of at most { $max } seconds.
rule-target_duration_speedup = That would need more than double speed; the shortest possible is { $min } seconds.
rule-srt_empty = The SRT is empty.
rule-srt_end_before_start = Line { $line }: a subtitle ends before it starts.
rule-srt_exceeds_duration = Subtitle { $index } ends at { $end }, { $over } s after the video ends ({ $max }). Move its end time earlier and send the file again.
rule-srt_index_invalid = Line { $line }: the entry number is not a number.
rule-srt_index_missing = Line { $line }: an entry number is missing.
rule-srt_line_too_long = Line { $line } is too long.
rule-srt_overlap = Line { $line }: this subtitle overlaps the one before.
rule-srt_text_empty = Line { $line }: a subtitle has no text.
rule-srt_timecode_invalid = Line { $line }: write times as HH:MM:SS,mmm --> HH:MM:SS,mmm.
rule-srt_too_large = The SRT is too large.
rule-srt_too_many_entries = The SRT has too many entries.

## delivery results
result-link = ✅ Task #{ $id } is ready. The file is too big to send here; download it: { $url }
    The link works until { $expires }.
result-link-no-expiry = ✅ Task #{ $id } is ready. The file is too big to send here; download it: { $url }
result-expired = Task #{ $id } finished, but its result link has already expired.
result-clip-caption = { $index }. { $title }
    { $hook }
    Score { $score }/100 · { $from }–{ $to }
result-clips-summary = ✅ Task #{ $id }: { $count ->
    [one] 1 clip
   *[other] { $count } clips
}
result-clip-line = { $index }. { $title } · { $score }/100 · { $from }–{ $to }
result-links-expire = The links work until { $expires }.
