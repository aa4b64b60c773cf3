# Batches of images from a file of prompts (.txt, one per line; .csv: prompt, model, aspect)

batch-preview-title = 📄 { $count ->
    [0] No prompt in this file can be sent.
    [one] One image from this file:
   *[other] { $count } images from this file, one per prompt:
}
batch-preview-prompt = { $line }. { $prompt }
batch-preview-more = …and { $count ->
    [one] one more
   *[other] { $count } more
}
batch-preview-groups = They go out as { $count } batches, one per model and shape:
batch-preview-group = • { $model }, { $aspect }: { $count ->
    [one] 1 image
   *[other] { $count } images
}, { $kind ->
    [fixed] { $min } tokens
   *[range] { $min }–{ $max } tokens
}
batch-price-fixed = Price: { $min } tokens for { $count ->
    [one] 1 image
   *[other] { $count } images
}
batch-price-range = Price: { $min }–{ $max } tokens for { $count ->
    [one] 1 image
   *[other] { $count } images
}, depending on the model's choices
batch-balance = Balance: { $balance } tokens. You pay only for the images that succeed.
batch-over-balance = ⚠️ This may cost up to { $max } tokens, more than the { $left } you have: the service refuses a batch it cannot cover whole. Send fewer prompts or top up first.
batch-over-budget = ⚠️ This may cost up to { $max } tokens, more than the { $left } left on your key's budget: the service refuses a batch the key cannot cover whole. Send fewer prompts or raise the key's budget.
batch-refused-title = { $count ->
    [one] This line will not be sent:
   *[other] These { $count } lines will not be sent:
}
batch-refused-empty = Line { $line }: it is empty
batch-refused-too-long = Line { $line }: { $length } characters, more than the { $max } a prompt may have
batch-refused-unknown-model = Line { $line }: there is no model called “{ $model }”
batch-refused-pro-only = Line { $line }: { $model } needs the Pro plan
batch-refused-unknown-aspect = Line { $line }: { $model } does not make pictures shaped { $aspect }
batch-refused-over-limit = Line { $line }: one file takes at most { $max } prompts
batch-refused-more = …and { $count ->
    [one] one more line
   *[other] { $count } more lines
}
batch-button-create = ✅ Create { $count ->
    [one] 1 image
   *[other] { $count } images
}
batch-button-dismiss = ✖️ Never mind
batch-dismissed = Fine, nothing was sent.
batch-expired = This preview has expired. Please send the file again.
batch-button-retry = 🔁 Retry the failed ones ({ $count })
batch-retrying = { $count ->
    [one] Trying that image again.
   *[other] Trying those { $count } images again.
}
batch-retried-already = These are already being tried again.

batch-offer-images = 🖼 Images, one per line
