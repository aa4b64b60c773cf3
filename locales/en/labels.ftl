## How the spec's values read: one label per value, used by the task forms and /settings alike

label-format-9_16 = Vertical 9:16
label-format-16_9 = Horizontal 16:9
label-format-1_1 = Square 1:1
label-format-original = As the source

label-animation-none = Still pictures
label-animation-ken_burns = Slow pan and zoom

label-transition-none = Straight cut
label-transition-fade = Fade
label-transition-dissolve = Dissolve
label-transition-slide = Slide
label-transition-cover = Cover
label-transition-reveal = Reveal
label-transition-zoom = Zoom
label-transition-squeeze = Squeeze
label-transition-wind = Wind
label-transition-pixel = Pixelate
label-transition-circle = Circle
label-transition-random = A different one each time

label-sub-style-yellow_basic = Classic yellow
label-sub-style-purple_green = Purple and green
label-sub-style-minimal_white = Minimal white
label-sub-style-news_style = Newsroom
label-sub-style-fire_orange = Fiery orange
label-sub-style-pop_green = Bright green
label-sub-style-word_box_orange = Orange word box
label-sub-style-karaoke_cyan = Turquoise karaoke
label-sub-style-cursor_selection = Highlighted word
label-sub-style-single_green_box = Green word box
label-sub-style-business_news = Business news
label-sub-style-dynamic_colors = Changing colours
label-sub-style-elegant_white = Elegant white
label-sub-style-dual_duet = Two-colour duet

label-sub-position-top = Top
label-sub-position-center = Middle
label-sub-position-bottom = Bottom

label-sub-size-small = Small
label-sub-size-medium = Medium
label-sub-size-large = Large

label-tts-style-unset = The voice's own manner
label-tts-style-standard = Standard
label-tts-style-calm = Calm
label-tts-style-expressive = Expressive
label-tts-style-energetic = Energetic
label-tts-style-dramatic = Dramatic
label-tts-style-cheerful = Cheerful

label-speed = ×{ NUMBER($speed, minimumFractionDigits: 1) }
label-percent = { $percent } %
label-seconds = { NUMBER($seconds, maximumFractionDigits: 1) } s
label-clips-auto = Automatic
label-clips = { $count ->
    [one] { $count } clip
   *[other] { $count } clips
}

label-reframe-blur = Blurred background
label-reframe-fill = Fill the frame
label-reframe-fill_blur = Fill, blurred edges
label-reframe-zoom = Zoom in
label-reframe-crop = Crop to the centre
label-reframe-auto = Automatic

label-audio-mix-replace = Voice and music only
label-audio-mix-add = Clips' sound at full volume
label-audio-mix-overlay = Clips' sound, quieter

label-card-mode-auto = Automatic
label-card-mode-semi = Automatic plus my directions
label-card-mode-manual = Only my directions
label-card-density-rare = Few
label-card-density-normal = Normal
label-card-density-dense = Many

label-sound-none = No sound
label-sound-click = Click
label-sound-pop = Pop
label-sound-whoosh = Whoosh
label-sound-paper_flip = Page turn

label-dubbing-mode-auto = Automatic
label-dubbing-mode-semi_auto = Check the transcript first
label-dubbing-mode-manual = My own subtitles

label-mix-mode-overlay = Keep it, quieter
label-mix-mode-replace = Remove it

label-sub-lang-dubbed = The new voice
label-sub-lang-original = The original speech
label-sub-lang-none = No subtitles

label-output-txt = Plain text
label-output-srt = Subtitles with timecodes
label-output-both = Text and subtitles

label-motion-source-text = Text
label-motion-source-voice = Voice recording
label-motion-source-video = Video of a speaker

label-motion-style-cream_editorial = Cream magazine
label-motion-style-dark_bold = Dark and bold
label-motion-style-purple_block = Purple blocks
label-motion-style-green_neon = Green neon
label-motion-style-business_gold = Business gold
label-motion-style-psychology_calm = Calm pastel
label-motion-style-history_sepia = Sepia history
label-motion-style-news_red = Red news
label-motion-style-ocean_tech = Ocean tech
label-motion-style-bloom_pastel = Pastel bloom
label-motion-style-kitchen_warm = Warm kitchen
label-motion-style-mono_minimal = Black and white minimal
label-motion-style-cyber_neon = Cyber neon

label-filter-vivid = Vivid
label-filter-contrast = High contrast
label-filter-ocean = Ocean
label-filter-forest = Forest
label-filter-warm = Warm
label-filter-cinema = Cinema
label-filter-bw = Black and white
label-filter-vintage = Vintage

label-language-detect = Detect automatically
label-translate-none = Don't translate
label-music-none = No music
label-duration-keep = Keep the length

label-colour-style = The style's own colour
label-colour-white = ⬜ White
label-colour-yellow = 🟨 Yellow
label-colour-green = 🟩 Green
label-colour-cyan = 🟦 Turquoise
label-colour-magenta = 🟪 Magenta
label-colour-orange = 🟧 Orange
label-colour-custom = 🎨 { $hex }

label-overlay-style-unset = Standard
label-overlay-style-clean_white = Clean white
label-overlay-style-bold_yellow = Bold yellow
label-overlay-style-outline_black = Black outline
label-overlay-style-soft_pink = Soft pink
label-overlay-style-elegant_script = Handwriting
label-overlay-style-news_bar = News bar
label-overlay-style-impact_red = Bold red
label-overlay-position-unset = Standard
label-overlay-position-top_left = Top left
label-overlay-position-top_center = Top middle
label-overlay-position-top_right = Top right
label-overlay-position-middle_left = Middle left
label-overlay-position-center = Centre
label-overlay-position-middle_right = Middle right
label-overlay-position-bottom_left = Bottom left
label-overlay-position-bottom_center = Bottom middle
label-overlay-position-bottom_right = Bottom right
label-overlay-size-unset = Standard
label-overlay-size-small = Small
label-overlay-size-medium = Medium
label-overlay-size-large = Large
label-overlay-anim-unset = None
label-overlay-anim-pop = Pop in
label-overlay-anim-slide_left = Slide to the left
label-overlay-anim-slide_right = Slide to the right
label-overlay-anim-type = Typewriter
label-caption-times = { $start }–{ $end } s
label-caption-from = from { $start } s to the end

form-error-colour = Please send a colour as #RRGGBB, for example #FFCC00 for golden yellow.

voice-automatic-short = Chosen by the service
voice-price = { $tokens ->
    [one] { $tokens } token
   *[other] { $tokens } tokens
    } a minute

## Sizes of files and storage
size-bytes = { $value } B
size-kilobytes = { $value } KB
size-megabytes = { $value } MB
size-gigabytes = { $value } GB
size-terabytes = { $value } TB
