## Files only the generation service takes, and recordings whose length cannot be read
media-formats-audio-unmeasured = { $count ->
    [one] I could not tell how long the recording is: if it runs over { $limit } seconds, only its first { $limit } seconds are used.
   *[other] I could not tell how long { $count } of the recordings are: of any that runs over { $limit } seconds, only the first { $limit } seconds are used.
}
