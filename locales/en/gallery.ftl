## /gallery: the user's generations on the service

gallery-title = 🗂 Your generations
gallery-full-advice = ⚠️ Your storage is full, so no new generations can start. Delete results you no longer need (select them below, or remove everything older than a few days) and try again.
gallery-filters = Showing: { $type }, { $status }
gallery-type-all = images and videos
gallery-type-image = images only
gallery-type-video = videos only
gallery-filter-all = any status
gallery-filter-succeeded = ready
gallery-filter-failed = failed
gallery-filter-running = in progress
gallery-filter-queued = waiting
gallery-status-succeeded = ready
gallery-status-failed = failed
gallery-status-running = in progress
gallery-status-queued = waiting
gallery-status-canceled = cancelled
gallery-empty = Nothing here yet.
gallery-page-empty = No more results.
gallery-page = Results { $first }–{ $last }, newest first (tap a number to get it here again):
gallery-page-selecting = Results { $first }–{ $last }, newest first (tap the numbers to delete):
gallery-open-elsewhere = This result was not made in this chat, so I have no copy of it to send here. It is still in your account on the generation service.
generation-no-prompt = (no prompt)
gallery-item-details = { $status } · { $date }
gallery-selected = { $count ->
    [one] 1 result selected.
   *[other] { $count } results selected.
}
gallery-selected-most = You can select up to { $count } results at a time.
gallery-button-type = Type: { $type }
gallery-button-status = Status: { $status }
gallery-button-newer = « Newer
gallery-button-older = Older »
gallery-button-delete-selected = 🗑 Delete selected ({ $count })
gallery-button-select = 🗑 Select to delete
gallery-button-stop-selecting = ✖️ Cancel
gallery-button-delete-old = 🧹 Delete old results…
gallery-button-older-than = Older than { $days } days
gallery-button-queue = ⏳ Queue
gallery-button-refresh = 🔄 Refresh
gallery-button-back = « Back
gallery-button-delete-confirm = { $count ->
    [one] 🗑 Yes, delete it
   *[other] 🗑 Yes, delete { $count }
}
gallery-button-open = 🗂 Open the gallery
gallery-button-open-queue = ⏳ Open the queue
gallery-delete-selected-confirm = { $count ->
    [one] Delete the selected result for good? It cannot be restored.
   *[other] Delete { $count } selected results for good? They cannot be restored.
}
gallery-delete-old-choose = Delete every finished result older than:
gallery-delete-old-none = Nothing is older than { $days } days.
gallery-delete-old-confirm = { $count ->
    [one] One result is older than { $days } days. Delete it for good? It cannot be restored.
   *[other] { $count } results are older than { $days } days. Delete them for good? They cannot be restored.
}
gallery-delete-old-confirm-at-least = At least { $count } results are older than { $days } days (there are too many to count them all). Delete all of them for good? They cannot be restored.
gallery-deleted = { $count ->
    [0] 🗑 Nothing was deleted: those results were already gone.
    [one] 🗑 Deleted 1 result.
   *[other] 🗑 Deleted { $count } results.
}

## the queue card

queue-title = ⏳ Your queue
queue-empty = Nothing is running or waiting. Your plan makes up to { $slots } at a time.
queue-counts = In progress: { $running } · Waiting: { $queued }
queue-slots = Slots in use: { $used } of { $slots } on your { $plan } plan
queue-band = The last one should be ready { $band }.
queue-band-seconds = in about { $low }–{ $high } { $high ->
    [one] second
   *[other] seconds
}
queue-band-minutes = in about { $low }–{ $high } { $high ->
    [one] minute
   *[other] minutes
}
queue-band-hours = in about { $low }–{ $high } { $high ->
    [one] hour
   *[other] hours
}
queue-held = { $count ->
    [one] The waiting one holds { $tokens } tokens; cancel it and they come back to your balance.
   *[other] The { $count } waiting ones hold { $tokens } tokens; cancel them and they come back to your balance.
}
queue-button-cancel = { $count ->
    [one] ✖️ Cancel the waiting one
   *[other] ✖️ Cancel { $count } waiting
}
queue-cancel-confirm = { $count ->
    [one] Cancel the waiting generation? { $tokens } tokens come back to your balance. The ones in progress cannot be stopped; you pay for them only if they succeed.
   *[other] Cancel { $count } waiting generations? { $tokens } tokens come back to your balance. The ones in progress cannot be stopped; you pay for them only if they succeed.
}
queue-button-cancel-confirm = ✖️ Yes, cancel
queue-canceling = Cancelling the waiting generations…
queue-canceled = { $count ->
    [0] Nothing was waiting any more, so nothing was cancelled.
    [one] ✖️ Cancelled 1 waiting generation; { $tokens } tokens are back on your balance.
   *[other] ✖️ Cancelled { $count } waiting generations; { $tokens } tokens are back on your balance.
}
queue-canceled-running = { $count ->
    [one] One had already started and could not be stopped; you pay for it only if it succeeds.
   *[other] { $count } had already started and could not be stopped; you pay for them only if they succeed.
}

## the key guardian

key-guardian-budget = 🔑 Your key has used { $percent }% of its own budget: { $left } of { $budget } tokens left. When it runs out, new generations stop even with money on your balance. Raise the key's budget in the service's account area, or /connect a key with a larger one.
key-guardian-expiry = { $days ->
    [0] 🔑 Your key expires today ({ $date }).
    [one] 🔑 Your key expires tomorrow ({ $date }).
   *[other] 🔑 Your key expires in { $days } days ({ $date }).
} After that the service refuses it. To keep going, open the API keys in the service's account area, rotate this key (its limits carry over), copy the new one and send /connect here with it.

## before results leave the service

retention-notice = { $count ->
    [one] ⏳ One result you made on { $made } leaves the generation service on { $leaves }: results are kept { $days } days on your plan. You have not saved its original yet; tap Original under it to keep the full-quality file, or tidy up in the gallery.
   *[other] ⏳ { $count } results you made on { $made } leave the generation service on { $leaves }: results are kept { $days } days on your plan. You have not saved their originals yet; tap Original under the ones you want to keep the full-quality files, or tidy up in the gallery.
}
