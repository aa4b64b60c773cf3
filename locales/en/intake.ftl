## Text where the user is: captions, typed texts, text files, long texts in parts
form-text-saved = Text saved: { $count ->
    [one] { $count } character
   *[other] { $count } characters
}.
form-text-joined = The next part of your text is added: { $count ->
    [one] { $count } character
   *[other] { $count } characters
} in all.
form-caption-saved = Your caption is the voiceover: { $count ->
    [one] { $count } character
   *[other] { $count } characters
}.
text-file-too-big = This text file is too big. Please send at most 256 KB of text.
text-file-empty = This text file is empty.
hint-text-audio = The words to be spoken. Send them as a message or as a .txt file; a long text that Telegram splits into several messages is joined back together.
hint-text-motion = What the animated explainer is about: a topic, an outline or the whole script. Send it as a message or as a .txt file.
form-media-prompt-dubbing-srt = Dub a video with these subtitles: send the video, or paste an https link to it.
form-replaced = { $task }: closed, as you started another task. Nothing was sent.

## The intake question
intake-offer-text = Your text ({ $count ->
    [one] { $count } character
   *[other] { $count } characters
}) goes with them as the voiceover of a video.

## Offers for a text sent outside a task
text-offers = What should I make of this text ({ $count ->
    [one] { $count } character
   *[other] { $count } characters
})?
text-offers-too-long = This text has { $count } characters; the most I can take is { $max }. Please shorten it.
text-offer-expired = I no longer have that text. Please send it again.
offer-more = More…
offer-back = « Back
offer-price-plan = free with your plan
offer-price-in-plan = within your plan
offer-price-per-minute = { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}/min
offer-price-from-per-minute = from { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}/min
offer-price-free-voices = free voices too
offer-price-from = from { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}
offer-price-not-linked = account needed

## /help
help-intro = Send me photos, clips, a video, audio or a text, and I will offer what I can make of them, or pick a task below. Each card shows its price before you create; tokens are charged only for what is finished (1,000 tokens = 1 USD).
help-make = /start – all tasks
help-make-generation = /start – all tasks · /image – an image · /video – a video
help-results = /tasks – your tasks and their results
help-results-generation = /tasks – your tasks · /gallery – your images and videos · /queue – what is being made
help-money = /balance – balance and limits · /apikey – your API key
help-money-generation = /balance – balances · /account – generation account · /apikey – your API key
help-link-generation = /connect – link a generation account · /disconnect – forget it
help-settings = /settings – your defaults · /glossary – your names and terms · /language – interface language
help-cancel = /cancel – leave the current step · /help – this list
