## Joining a keyframe chain's clips into one video, as a video task
join-button = 🎬 Join into one video
join-button-some = 🎬 Join the { $count } of { $total } that came out
join-card-price = 🎬 Joining them into one video: about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}, from your media task balance, once the clips are made.
join-card-price-balance = 🎬 Joining them into one video: about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}, from your media task balance ({ $balance } { $balance ->
    [one] token
   *[other] tokens
}), once the clips are made.
join-card-per-minute = 🎬 Joining them into one video: about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
} a minute of video, from your media task balance, once the clips are made.
join-card-short = Joining needs about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
} from your media task balance, which has { $balance }. Top it up (/balance), or choose separate clips.
join-confirm = 🎬 Join clips { $numbers } into one video, in this order? It is made as a video task: it comes with its own progress card and is paid from your task balance (/balance), not from the generation account.
join-left-out = { $count ->
    [one] Clip { $numbers } is not there to join (it did not come out, or was deleted): the video jumps over that transition.
   *[other] Clips { $numbers } are not there to join (they did not come out, or were deleted): the video jumps over those transitions.
}
join-button-confirm = ✅ Join
join-button-confirm-cost = ✅ Join · about { $tokens } { $tokens ->
    [one] token
   *[other] tokens
}
join-button-not-now = ✖️ Not now
join-not-now = Not joined. The button under the clips still works.
join-started = 🎬 Joining clips { $numbers }. The video comes with its own progress card; tokens are taken only if it succeeds.
join-already = These clips are already being joined: the video comes with its own progress card.
join-too-few = There is nothing to join: at least two clips have to be there.
join-clip-gone = Clip { $number } is no longer on the generation service (deleted, or past its keeping time), so nothing was joined or charged.
