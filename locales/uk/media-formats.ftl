## Files only the generation service takes, and recordings whose length cannot be read
media-formats-audio-unmeasured = { $count ->
    [one] Не вдалося визначити тривалість запису: якщо він довший за { $limit } секунд, буде використано лише перші { $limit } секунд.
   *[other] Не вдалося визначити тривалість кількох записів ({ $count }): з кожного, довшого за { $limit } секунд, буде використано лише перші { $limit } секунд.
}
