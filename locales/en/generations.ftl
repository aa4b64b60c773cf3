## generation service: commands
command-image = Make an image from text or from photos
command-queue = What is running and waiting, and when it should be done
command-gallery = Your generations: browse, select, delete, free up storage
command-account = Your generation account: plan, balance, key, storage
command-connect = Link your generation service account
command-disconnect = Forget the linked generation account

## generation service: linking the account
connect-ask-key =
    Send me the API key of your Image and Video Generation account. You make one in the service's account area; it looks like <code>name_live_abcd1234_…</code>.
    I delete your message at once and keep the key encrypted. /cancel stops.
connect-not-a-key = That does not look like a key of the generation service. It has four parts joined by underscores, for example <code>name_live_abcd1234_…</code>; copy it whole from the account area and send it, or /cancel.
connect-checking = 🔐 Checking the key <code>{ $name }…</code>
connect-done =
    ✅ Connected: { $plan } plan, balance { $tokens } tokens (about ${ $usd }).
    Optionally send me the webhook signing secret shown next to the key: then finished images arrive the moment they are ready. Without it I check for them every few seconds. I delete that message at once too.
connect-button-skip = Skip
connect-secret-saved = 🔐 Signing secret saved and your message deleted. Finished images now arrive the moment they are ready.
connect-secret-saved-in-view = 🔐 Signing secret saved. Finished images now arrive the moment they are ready.
connect-not-deleted = ⚠️ I could not delete your message with the { $what ->
    [key] key
   *[secret] signing secret
}. Please delete it yourself now: anyone who sees this chat can read it. I will keep trying to delete it too.
connect-secret-skipped = ✅ Connected. Without the signing secret I check for finished images every few seconds. To add it later, /connect again with the key and then the secret.
disconnect-done = Disconnected: I forgot your generation key and signing secret. Generations already started still finish in your account on the service.
disconnect-nothing = No generation account is linked. /connect links one.

## generation service: /account
account-not-linked = No generation account is linked yet. /connect links one with a key from the service's account area.
account-title = 🎨 Image and Video Generation account
account-plan = Plan: { $plan }
account-balance = Balance: { $tokens } tokens (about ${ $usd })
account-key = Key: <code>{ $name }…</code>
account-key-expires = Expires: { $date }
account-key-no-expiry = Does not expire
account-key-budget = Key budget: { $used } of { $budget } tokens used, { $left } left
account-key-no-budget = No budget of its own; { $used } tokens spent with it
account-limits = Limits: { $rpm } requests a minute, { $concurrent } generations at once, { $batch } per request, { $queued } waiting at most
account-storage = Storage: { $bar } { $percent }% ({ $used } of { $quota })
account-storage-unlimited = Storage: unlimited ({ $used } used)
account-delivery-webhooks = Finished images arrive the moment they are ready, thanks to the signing secret you sent.
account-delivery-polling = I check for finished images every few seconds. Send the signing secret after /connect to have them arrive at once.
account-details-more = 🔽 Details: your key's limits
account-details-fewer = 🔼 Fewer details

## generation service: errors
generation-error-invalid_api_key = The generation service did not accept this key: it may be mistyped, revoked or replaced. Copy the current key from the service's account area and /connect again.
generation-error-key_expired = This key has expired. Make a new key in the service's account area: open the API keys there and rotate this one (its limits carry over), then copy the new key, which is shown only once, and send /connect here with it.
generation-error-key_budget_exceeded = This key's own token budget is used up (it is separate from your balance). Raise the key's budget in the service's account area, or /connect a key with a larger one.
generation-error-email_not_verified = Your generation account's email address is not confirmed yet. Open the confirmation email from the service, then try again.
generation-error-pro_required = This needs the Pro plan. Upgrade in the service's account area, or choose a value without 🔒.
generation-error-insufficient_credits = Your balance is too low for this. Top it up in the service's account area; nothing was queued or charged.
generation-error-storage_full = Your storage on the generation service is full, so it takes no new generations. Make room in /gallery by deleting old results, then try again.
generation-error-queue_full = You already have the most generations waiting that the service allows (1,000). Wait for some to finish, or cancel waiting ones on the /queue card.
generation-error-not_found = The generation service no longer has this. Results are kept 7 days on Free and 30 days on Pro.
generation-error-already_running = This image is already being made and cannot be stopped; you pay for it only if it succeeds.
generation-error-file_too_large = This photo is too big for the generation service (at most 20 MB).
generation-error-unsupported_media_type = The generation service takes JPEG, PNG and WebP photos only.
generation-error-batch_too_large = One request makes at most 500 images. Use fewer prompts or fewer variants.
generation-error-prompt_count_mismatch = The number of prompts does not match the number of items. Use one prompt for all, or one per item.
generation-error-unavailable = The generation service cannot take this right now. Please try again in a few minutes.
generation-error-busy-gave-up = The generation service stayed busy for { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}, so the request was not taken and nothing was charged. Please try again later.
generation-error-refused = The generation service refused the request: { $detail }

## generation service: forms
generation-form-text_to_image-name = Image from text
generation-form-reference_image-name = Image from reference photos
generation-not-linked = No generation account is linked yet. /connect links one with a key from the service's account area.
form-group-prompt = ✏️ Prompt and count
form-group-model = 🧠 Model and quality
form-group-model-only = 🧠 Model
form-group-picture = 📐 Shape and size
field-prompt = Prompt
field-n = Images per prompt
field-model = Model
field-quality_mode = Quality
field-aspect = Shape
field-resolution = Size
field-background = Background
hint-prompt-text_to_image = Describe the picture. Several lines make several pictures at once: one per line, up to the service's limit per request.
hint-prompt-reference_image = Describe the new picture to blend from your photos, in one message.
hint-n = How many versions of each prompt.
hint-model = Each model draws differently and has its own price per image. 🔒 needs the Pro plan.
hint-quality_mode = A finer mode takes longer and may cost more.
hint-aspect = The picture's proportions.
hint-resolution = Bigger pictures keep more detail. 🔒 needs the Pro plan.
hint-background = Transparent makes a picture without a background, for cut-outs and stickers.
form-media-prompt-reference_image = Send 1 or more photos to blend into the new picture (the model decides how many it takes). Press Done when all are here.
form-media-wrong-reference_image = A reference image is made from photos only.
form-media-too-many-reference_image = That is { $count } photos; this model blends at most { $max }. Choose a model that takes more, or start again with fewer.
value-prompts = { $count ->
    [one] { $count } prompt: { $first }
   *[other] { $count } prompts, the first: { $first }
}
generation-model-label = { $kind ->
    [fixed] { $model } · { $min } tokens
   *[range] { $model } · { $min }–{ $max } tokens
}
value-quality-mode = { $mode ->
    [SPEED] Fast
    [QUALITY] Best quality
    [low] Low
    [medium] Medium
    [high] High
    [standard] Standard
    [professional] Professional
    [normal] Normal
    [custom] Custom (priced differently)
   *[other] { $label }
}
value-aspect = { $orientation ->
    [square] Square { $aspect }
    [wide] Wide { $aspect }
    [tall] Tall { $aspect }
   *[other] { $aspect }
}
value-background = { $background ->
    [auto] Automatic
    [transparent] Transparent
    [opaque] Solid
   *[other] { $label }
}
generation-pro-only = { $what } needs the Pro plan. Upgrade in the service's account area to use it; meanwhile choose a value without 🔒.
generation-price-per-image = { $kind ->
    [fixed] Price: { $min } tokens an image
   *[range] Price: { $min }–{ $max } tokens an image, depending on the choices
}
generation-price-fixed = Price: { $count } × { $each } = { $total } tokens (about ${ $usd })
generation-price-range = Price: { $count } × { $each } = { $min }–{ $max } tokens (about ${ $usdMin }–{ $usdMax }), depending on the choices
generation-balance = Balance: { $balance } tokens
generation-balance-and-budget = Balance: { $balance } tokens · key budget left: { $left }
generation-pay-for-success = You are charged only for the images that succeed.
generation-price-over-balance = ⚠️ This may cost up to { $max } tokens, more than the { $left } on your balance: the service refuses a request it cannot cover whole. Make fewer images or pick a cheaper model.
generation-price-over-budget = ⚠️ This may cost up to { $max } tokens, more than the { $left } left on your key's budget: the service refuses a request the key cannot cover whole. Make fewer images, pick a cheaper model, or raise the key's budget.
generation-rule-unavailable = The generation service takes no new images right now. Please try again later.
generation-rule-no-model = Your plan has no model for this. Upgrade to Pro in the service's account area.
generation-rule-no-candidate = The service lists no model that makes this. Please try another kind of image or video.
generation-prompt-first = Write a prompt first: send it here as a message.
generation-rule-too-many = That is { $count } images; one request makes at most { $max }. Use fewer prompts or fewer images per prompt.
generation-rule-references = { $model } blends at most { $max } photos, and you sent { $count }. Choose a model that takes more, or start again with fewer.
generation-error-insufficient_credits-numbers = Not enough tokens: this needs { $need } tokens and your balance is { $balance }. Nothing was queued or charged. Top up in the service's account area, or make fewer images or pick a cheaper model.
generation-error-key_budget_exceeded-numbers = Your key's own budget does not cover this: it needs { $need } tokens and the key has { $left } of its { $budget } left. Nothing was queued or charged. Raise the key's budget in the service's account area, or make fewer images.

## generation service: ways in

## generation service: batch cards and results
generation-card-uploading = ⏳ Uploading reference photo { $done } of { $total }…
generation-card-creating = ⏳ { $name }: sending the request…
generation-card-busy = ⏳ { $name }: the generation service is busy. Trying again in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
}; nothing is charged until the service takes the request.
generation-card-not-created = ❌ { $name }: not created. { $reason }
generation-card-title = 🎨 { $name } · { $count ->
    [one] 1 image
   *[other] { $count } images
} · { $model }
generation-card-progress = ⏳ { $queued } queued · ⚙️ { $running } being made · ✅ { $done } done · ❌ { $failed } failed
generation-card-money = Reserved { $reserved } tokens; charged so far { $charged }.
generation-card-money-final = Reserved { $reserved } tokens; charged { $charged }.
generation-card-balance = AI images and videos balance after the reservation: { $balance } tokens.
generation-card-failed = ❌ { $count ->
    [one] 1 did not come out
   *[other] { $count } did not come out
}: { $refunded } tokens refunded.
generation-card-canceled = ✖️ { $count ->
    [one] 1 canceled
   *[other] { $count } canceled
}: { $refunded } tokens refunded.
generation-card-cancel-running = { $count ->
    [one] 1 was already being made and could not be stopped; you pay for it only if it succeeds.
   *[other] { $count } were already being made and could not be stopped; you pay for them only if they succeed.
}
generation-card-pay-for-success = You are charged only for the images that succeed.
generation-card-finished = ✅ { $name }: { $done } of { $count } done, below.
generation-button-cancel-queued = ✖️ Cancel the { $count } queued
generation-button-change = 🔁 Change and try again
generation-button-original = ⬇️ Original
generation-button-again = 🔁 Again
generation-button-reference = 🧩 Use as reference
generation-button-animate = 🎬 Animate
generation-button-delete = 🗑 Delete
generation-button-delete-confirm = 🗑 Yes, delete
generation-button-keep = Keep it
generation-image-caption-unpriced = { $number }. { $prompt }
    { $model }
generation-image-caption = { $number }. { $prompt }
    { $model } · { $tokens } tokens
generation-album-title = Images { $from }–{ $to } · { $model }
generation-album-legend = 🎬 animate · ⬇️ the original file · 🔁 again · 🧩 use as a reference · 🗑 delete
generation-item-failed = ❌ { $number } did not come out ({ $reason }): { $tokens } tokens refunded.
generation-item-no-reason = no reason given
generation-links-fallback = The images could not all be sent here. Download them from these links (they work for 24 hours):
generation-original-caption = Image { $number }, the original file
generation-original-coming = Sending the original file…
generation-delete-confirm = Delete image { $number } from the service for good? The copy in this chat stays.
generation-deleted = Image { $number } is deleted from the service. The copy in this chat stays.
generation-deleted-already = Image { $number } is no longer on the service.
generation-kept = Kept.
generation-canceling = Canceling the queued images…
