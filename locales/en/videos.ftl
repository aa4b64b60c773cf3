## generation service: video forms
command-video = Make a video from text or from photos
generation-form-text_to_video-name = AI video from text
generation-form-image_to_video-name = Animate photos with AI
form-group-clip = 🎬 Shape, length and sound
hint-prompt-text_to_video = Describe the clip: what is in it and how it moves. Several lines make several clips at once: one per line.
hint-prompt-image_to_video = Say how the photos should come to life. Leave it empty for a gentle default motion, write one prompt for all the clips, or write one line per photo, in the order you sent them.
form-media-prompt-image_to_video = Send the photos to bring to life: each one becomes its own clip. Press Done when all are here.
form-media-wrong-image_to_video = Clips are made from photos only.
form-media-too-many-image_to_video = That is { $count } photos; one request takes at most { $max }. Start again with fewer.
video-field-n = Clips per prompt
video-hint-n = How many versions of each prompt.
video-hint-model = Each model has its own look, options and price per clip. 🔒 needs the Pro plan.
video-hint-quality_mode = A finer mode takes longer and may cost more; on some models it also sets the picture size.
video-hint-aspect = The clip's proportions.
video-hint-resolution = A bigger picture keeps more detail and costs more. 🔒 needs the Pro plan.
field-duration = Length
video-hint-duration = How long each clip is. Longer clips cost more.
video-field-audio = Sound
video-hint-audio = The model makes its own soundtrack; switch it off for a silent clip.
video-field-join = Clips
video-value-join = joined into one video
summary-choice-join-null = 🎞 Separate clips
summary-choice-join-true = 🎬 Join into one video
video-value-duration = { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}
video-value-quality-mode = { $mode ->
    [standard] Standard
    [professional] Professional
    [professional_audio] Professional with sound
    [normal] Normal
    [custom] Custom (priced differently)
   *[other] { $label }
}
video-model-label = { $kind ->
    [fixed] { $model } · { $min } tokens a clip
   *[range] { $model } · { $min }–{ $max } tokens a clip
}
video-price-per-clip = { $kind ->
    [fixed] Price: { $min } tokens a clip
   *[range] Price: { $min }–{ $max } tokens a clip, depending on the choices
}
video-price-per-second = { $kind ->
    [fixed] This model is priced by the second: { $min } tokens a second of video.
   *[range] This model is priced by the second: { $min }–{ $max } tokens a second of video, depending on the choices.
}
video-pay-for-success = You are charged only for the clips that succeed.
video-price-over-balance = ⚠️ This may cost up to { $max } tokens, more than the { $left } on your balance: the service refuses a request it cannot cover whole. Make fewer or shorter clips, or pick a cheaper model.
video-price-over-budget = ⚠️ This may cost up to { $max } tokens, more than the { $left } left on your key's budget: the service refuses a request the key cannot cover whole. Make fewer or shorter clips, pick a cheaper model, or raise the key's budget.
video-rule-unavailable = The generation service takes no new videos right now. Please try again later.
video-rule-too-many = That is { $count } clips; one request makes at most { $max }. Use fewer prompts or fewer clips per prompt.
video-frames-missing = { $frames } photos but { $prompts ->
    [one] { $prompts } prompt
   *[other] { $prompts } prompts
}: each photo needs its own line, or all share one. Write a single prompt for all the clips, or add { $missing ->
    [one] the { $missing } missing line
   *[other] the { $missing } missing lines
}, one per photo, in order.
video-frames-extra = { $frames ->
    [one] { $frames } photo
   *[other] { $frames } photos
} but { $prompts } prompts: each photo takes one line, or all share one. Write a single prompt for all the clips, remove { $extra ->
    [one] { $extra } line
   *[other] { $extra } lines
}, or add { $extra ->
    [one] { $extra } more photo
   *[other] { $extra } more photos
}.
video-frames-default = { $frames ->
    [one] No prompt: the photo gets a gentle default motion.
   *[other] No prompt: each of the { $frames } photos gets a gentle default motion.
}
video-frames-one-for-all = { $frames ->
    [one] The prompt is for this photo.
   *[other] One prompt for all { $frames } clips.
}
video-frames-in-order = { $frames } prompts for { $frames } photos: the first line goes with the first photo, and so on.

## generation service: video batches and results
video-card-title = 🎬 { $name } · { $count ->
    [one] 1 clip
   *[other] { $count } clips
} · { $model }
video-album-title = Clips { $from }–{ $to } · { $model }
video-album-legend = ➡️ subtitles, dubbing and more · 🔁 again · 🗑 delete
video-then-menu = Clip { $number }: what next?
video-too-big = 🎬 Clip { $number } is { $size } MB, more than Telegram lets a bot send here ({ $limit } MB). Download it from this link; it works until { $until } UTC:
    { $url }

## generation service: keyframe chains
generation-form-keyframe_video-name = AI transitions between photos
hint-prompt-keyframe_video = Say how each photo should turn into the next. Leave it empty for a smooth default transition, write one prompt for all the transitions, or write one line per transition, in order.
form-media-prompt-keyframe_video = Send 2 or more photos, in the order they should follow one another: each neighbouring pair becomes a transition clip. Press Done when all are here.
form-media-wrong-keyframe_video = Transitions are made between photos only.
form-media-too-many-keyframe_video = That is { $count } photos; one chain takes at most { $max }. Start again with fewer.
form-media-order = Order (photos numbered as you sent them): { $order }. Swap neighbours with the buttons below.
form-media-swap = { $first } ⇄ { $second }
video-chain-default = { $clips ->
    [one] No prompt: { $frames } photos make 1 transition with a smooth default motion.
   *[other] No prompt: { $frames } photos make { $clips } transitions, each with a smooth default motion.
}
video-chain-one-for-all = { $clips ->
    [one] { $frames } photos make 1 transition, with this prompt.
   *[other] { $frames } photos make { $clips } transitions, all with this one prompt.
}
video-chain-in-order = { $frames } photos make { $clips } transitions, one prompt each: the first line goes with photos 1 and 2 in the order above, and so on.
video-chain-missing = { $frames } photos make { $clips } transitions, but there { $prompts ->
    [one] is { $prompts } prompt
   *[other] are { $prompts } prompts
}: each transition needs its own line, or all share one. Write a single prompt for all of them, or add { $missing ->
    [one] the { $missing } missing line
   *[other] the { $missing } missing lines
}, one per transition, in order.
video-chain-extra = { $frames } photos make { $clips ->
    [one] 1 transition
   *[other] { $clips } transitions
}, but there are { $prompts } prompts: each transition takes one line, or all share one. Write a single prompt for all of them, remove { $extra ->
    [one] { $extra } line
   *[other] { $extra } lines
}, or add { $extra ->
    [one] { $extra } more photo
   *[other] { $extra } more photos
}.

## generation service: clip buttons
video-card-uploading = ⏳ Uploading photo { $done } of { $total }…
video-delete-confirm = Delete clip { $number } from the service for good? The copy in this chat stays.
video-deleted = Clip { $number } is deleted from the service. The copy in this chat stays.
video-deleted-already = Clip { $number } is no longer on the service.
video-canceling = Canceling the queued clips…
