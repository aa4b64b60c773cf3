## /glossary: імена й терміни, що додаються до транскрипцій і нарізок роликів
command-glossary = Імена й терміни для транскрипцій і роликів
welcome-glossary = 📖 Імена у ваших записах розпізнаються неправильно? Додайте їх один раз у /glossary.
glossary-title = 📖 Ваш словник: імена й терміни, які я додаю до кожного завдання «Транскрипція» та «Нарізка роликів», щоб їх було написано правильно.
glossary-empty = Поки що він порожній.
glossary-terms = { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слів
    }: { $terms }
glossary-how = Надішліть імена й терміни, щоб додати їх: через кому або кожен з нового рядка. Натисніть на слово нижче, щоб прибрати його. Уміщується до { $terms ->
    [one] { $terms } слова
   *[other] { $terms } слів
    } і { $max ->
    [one] { $max } символу
   *[other] { $max } символів
    } загалом; { $left ->
    [one] лишився { $left } символ
    [few] лишилося { $left } символи
   *[many] лишилося { $left } символів
    }.
glossary-added = ✅ Додано: { $terms }.
glossary-removed = Прибрано: { $term }
glossary-nothing-new = Ці слова вже є у вашому словнику.
glossary-term-too-long = Нічого не додано: «{ $term }» задовге для одного імені чи терміна, в якому щонайбільше { $max ->
    [one] { $max } символ
    [few] { $max } символи
   *[many] { $max } символів
    }. Ставте коми між термінами.
glossary-too-many = Нічого не додано: у словнику вміщується щонайбільше { $max ->
    [one] { $max } слово
    [few] { $max } слова
   *[many] { $max } слів
    }, а { $room ->
    [0] він уже повний
    [one] місця лишилося на { $room } слово
    [few] місця лишилося на { $room } слова
   *[many] місця лишилося на { $room } слів
    }. Спершу приберіть щось.
glossary-too-long = Нічого не додано: тут { $needed ->
    [one] { $needed } символ
    [few] { $needed } символи
   *[many] { $needed } символів
    }, а з { $max } { $room ->
    [one] лишився { $room }
   *[other] лишилося { $room }
    }. Спершу приберіть якесь слово або надішліть менше.
glossary-clear = 🗑 Очистити все
glossary-clear-ask = Прибрати зі словника { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слів
    }?
glossary-clear-yes = 🗑 Так, очистити
glossary-cleared = Словник очищено

## Словник на картці завдання
glossary-card = 📖 Ваш словник: { $count ->
    [one] { $count } слово
    [few] { $count } слова
   *[many] { $count } слів
}
glossary-card-left-out = ✂️ У полі не вистачило місця для { $count } з них: { $terms }
glossary-card-off = 📖 Словник у цьому завданні не використовується
glossary-card-leave-out = 📖 Без мого словника
glossary-card-use = 📖 Додати мій словник
