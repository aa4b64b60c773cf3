## Files only the generation service takes, and recordings whose length cannot be read
media-formats-audio-unmeasured = { $count ->
    [one] Не вдалося визначити тривалість запису: якщо він довший за { $limit } { $limit ->
            [one] секунду
            [few] секунди
           *[many] секунд
        }, буде використано лише перші { $limit } { $limit ->
            [one] секунду
            [few] секунди
           *[many] секунд
        }.
   *[other] Не вдалося визначити тривалість кількох записів ({ $count }): з кожного, довшого за { $limit } { $limit ->
            [one] секунду
            [few] секунди
           *[many] секунд
        }, буде використано лише перші { $limit } { $limit ->
            [one] секунду
            [few] секунди
           *[many] секунд
        }.
}
