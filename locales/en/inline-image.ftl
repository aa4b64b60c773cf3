# "Make an image" in inline mode: the offer, its placeholder, and what takes the placeholder's place.
inline-image-title = 🎨 Make an image: { $prompt }
inline-image-price = { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    }, paid only if it comes out
inline-image-price-range = { $min }–{ $max } tokens, paid only if it comes out
inline-image-making = ⏳ making your image…
    { $prompt }
inline-image-button = 🎨 Make an image
inline-image-expired = ⌛ This offer is too old to make the image. Type the words again and choose it anew.
inline-image-not-made = ❌ The image was not made. { $reason } Nothing was charged.
inline-image-failed = ❌ The image did not come out ({ $reason }). Nothing was charged: { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    } returned.
inline-image-canceled = ✖️ The image was canceled. Nothing was charged: { $tokens } { $tokens ->
        [one] token
       *[other] tokens
    } returned.
inline-image-not-shown = 🖼 The image is made but could not be shown here: it is in /gallery in your chat with the bot.
    { $prompt }
