## /glossary: the names and terms added to transcriptions and smart clips
command-glossary = Names and terms for transcripts and clips
welcome-glossary = 📖 Names in your recordings come out wrong? Put them in /glossary once.
glossary-title = 📖 Your glossary: names and terms I add to your Transcription and Smart clips tasks, so they come out spelled right.
glossary-empty = It is empty for now.
glossary-terms = { $count ->
    [one] One word
   *[other] { $count } words
    }: { $terms }
glossary-how = Send names and terms to add, separated by commas or on separate lines. Tap one below to remove it. It holds up to { $terms } words, { $max } characters in all; { $left ->
    [one] 1 character
   *[other] { $left } characters
    } left.
glossary-added = ✅ Added: { $terms }.
glossary-removed = Removed: { $term }
glossary-nothing-new = Those are in your glossary already.
glossary-term-too-long = Nothing added: “{ $term }” is too long for one name or term, which takes at most { $max } characters. Put commas between terms.
glossary-too-many = Nothing added: the glossary holds { $max } words at most, and { $room ->
    [0] it is full
    [one] there is room for 1 more
   *[other] there is room for { $room } more
    }. Remove some first.
glossary-too-long = Nothing added: that is { $needed ->
    [one] 1 character
   *[other] { $needed } characters
    }, and { $room ->
    [one] 1 is
   *[other] { $room } are
    } left of { $max }. Remove a word first, or send fewer.
glossary-clear = 🗑 Clear all
glossary-clear-ask = Remove { $count ->
    [one] 1 word
   *[other] { $count } words
    } from your glossary?
glossary-clear-yes = 🗑 Yes, clear
glossary-cleared = Glossary cleared

## The glossary on a form's card
glossary-card = 📖 Your glossary: { $count ->
    [one] 1 word
   *[other] { $count } words
}
glossary-card-left-out = ✂️ No room in the field for { $count } of them: { $terms }
glossary-card-off = 📖 Your glossary is left out of this task
glossary-card-leave-out = 📖 Leave out my glossary
glossary-card-use = 📖 Add my glossary
