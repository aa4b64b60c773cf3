## Files only the generation service takes, and recordings whose length cannot be read
media-formats-audio-unmeasured = { $count ->
    [one] Не удалось определить длительность записи: если она длиннее { $limit } { $limit ->
            [one] секунды
           *[other] секунд
        }, будут использованы только первые { $limit } { $limit ->
            [one] секунду
            [few] секунды
           *[many] секунд
        }.
   *[other] Не удалось определить длительность нескольких записей ({ $count }): из каждой, что длиннее { $limit } { $limit ->
            [one] секунды
           *[other] секунд
        }, будут использованы только первые { $limit } { $limit ->
            [one] секунду
            [few] секунды
           *[many] секунд
        }.
}
