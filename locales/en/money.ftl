## What a task costs: the form card, the balance check before Create, the plan's allowance

money-cost = Cost: about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}
money-cost-range = Cost: about { $least }–{ $most } tokens (each card costs { $card }; the service decides how many it places)
money-cost-per-minute = Cost: about { $tokens } tokens per minute of the file (its length is known once the service opens it)
money-cost-free = Cost: free
money-cost-plan-feature = Cost: no tokens, animated explainers are part of your plan
money-balance = Balance: { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}
money-short = This needs about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}, and your balance is { $balance }. Top it up before you create the task: /balance
money-plan = Plan: { $tariff }
money-quota-uses = From your monthly allowance this uses about { $uses }
money-quota-seconds = { $seconds } { $seconds ->
    [one] second
   *[other] seconds
} of video
money-quota-transcription = { $seconds } { $seconds ->
    [one] second
   *[other] seconds
} of transcription
money-quota-characters = { $characters } { $characters ->
    [one] character
   *[other] characters
} of voiceover
money-quota-auto-text = automatic captions for { $count } { $count ->
    [one] video
   *[other] videos
}
money-quota-cards = { $count } { $count ->
    [one] card
   *[other] cards
}
money-quota-cards-range = { $least }–{ $most } cards

## Under a result
money-result-cost = Cost: about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}
money-result-cost-range = Cost: about { $least }–{ $most } tokens, depending on how many cards were placed

## Values a form takes from the last task of its type
money-last-video = From your last video: { $fields }
money-last-transcription = From your last transcription: { $fields }
money-last-audio = From your last voiceover: { $fields }
money-last-subtitles = From your last subtitled video: { $fields }
money-last-pause_removal = From your last pause removal: { $fields }
money-last-dubbing = From your last dubbing: { $fields }
money-last-smart_clip = From your last smart clips: { $fields }
money-last-motion = From your last animated explainer: { $fields }
money-last-use-settings = ↩️ Use my settings instead
money-last-reset = Back to your settings.
money-extra = { $span ->
    [range] +{ $least }–{ $most } tokens
    [up-to] up to { $most } more { $most ->
        [one] token
       *[other] tokens
    }
   *[exact] +{ $most } { $most ->
        [one] token
       *[other] tokens
    }
}
money-extra-per-minute = { $span ->
    [range] +{ $least }–{ $most } tokens a minute
    [up-to] up to { $most } more { $most ->
        [one] token
       *[other] tokens
    } a minute
   *[exact] +{ $most } { $most ->
        [one] token
       *[other] tokens
    } a minute
}

## /settings: the defaults the service uses when nothing is set
money-settings-default-provider = { $provider } ({ $dubbing } for dubbing)
money-settings-default-style = the voice's own
