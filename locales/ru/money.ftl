## Сколько стоит задача: карточка формы, проверка баланса перед созданием, лимиты тарифа

money-cost = Стоимость: примерно { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
}
money-cost-range = Стоимость: примерно { $least }–{ $most } { $most ->
    [one] токен
    [few] токена
   *[other] токенов
} (каждая карточка стоит { $card }; сколько их добавить, решает сервис)
money-cost-per-minute = Стоимость: примерно { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
} за минуту файла (его длительность станет известна, когда сервис его откроет)
money-cost-free = Стоимость: бесплатно
money-cost-plan-feature = Стоимость: без токенов, анимированные видео входят в ваш тариф
money-balance = Баланс: { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
}
money-short = Нужно примерно { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
}, а на балансе { $balance }. Пополните его, прежде чем создавать задачу: /balance
money-plan = Тариф: { $tariff }
money-quota-uses = Из месячного лимита уйдёт примерно { $uses }
money-quota-seconds = { $seconds } { $seconds ->
    [one] секунда
    [few] секунды
   *[other] секунд
} видео
money-quota-transcription = { $seconds } { $seconds ->
    [one] секунда
    [few] секунды
   *[other] секунд
} распознавания речи
money-quota-characters = { $characters } { $characters ->
    [one] символ
    [few] символа
   *[other] символов
} озвучки
money-quota-auto-text = автоматические подписи для { $count } видео
money-quota-cards = { $count } { $count ->
    [one] карточка
    [few] карточки
   *[other] карточек
}
money-quota-cards-range = { $least }–{ $most } { $most ->
    [one] карточка
    [few] карточки
   *[other] карточек
}

## Под результатом
money-result-cost = Стоимость: примерно { $tokens } { $tokens ->
    [one] токен
    [few] токена
   *[other] токенов
}
money-result-cost-range = Стоимость: примерно { $least }–{ $most } { $most ->
    [one] токен
    [few] токена
   *[other] токенов
}, в зависимости от числа карточек

## Значения, которые форма берёт из последней задачи того же типа
money-last-video = Как в вашем последнем видео: { $fields }
money-last-transcription = Как в вашей последней расшифровке: { $fields }
money-last-audio = Как в вашей последней озвучке: { $fields }
money-last-subtitles = Как в вашем последнем видео с субтитрами: { $fields }
money-last-pause_removal = Как в вашем последнем удалении пауз: { $fields }
money-last-dubbing = Как в вашем последнем дубляже: { $fields }
money-last-smart_clip = Как в вашей последней нарезке роликов: { $fields }
money-last-motion = Как в вашем последнем анимированном видео: { $fields }
money-last-use-settings = ↩️ Взять мои настройки
money-last-reset = Вернули ваши настройки.
money-extra = { $span ->
    [range] +{ $least }–{ $most } { $most ->
        [one] токен
        [few] токена
       *[other] токенов
    }
    [up-to] ещё до { $most } { $most ->
        [one] токена
       *[other] токенов
    }
   *[exact] +{ $most } { $most ->
        [one] токен
        [few] токена
       *[other] токенов
    }
}
money-extra-per-minute = { $span ->
    [range] +{ $least }–{ $most } { $most ->
        [one] токен
        [few] токена
       *[other] токенов
    } в минуту
    [up-to] ещё до { $most } { $most ->
        [one] токена
       *[other] токенов
    } в минуту
   *[exact] +{ $most } { $most ->
        [one] токен
        [few] токена
       *[other] токенов
    } в минуту
}

## /settings: значения сервиса по умолчанию, когда ничего не выбрано
money-settings-default-provider = { $provider } (для дубляжа — { $dubbing })
money-settings-default-style = собственная манера голоса
