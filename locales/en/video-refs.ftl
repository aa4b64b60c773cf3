## generation service: videos from source clips and to audio
generation-form-video_to_video-name = Restyle clips with AI
generation-form-audio_to_video-name = AI talking video
hint-prompt-video_to_video = Say what the new clip should become: its style, scene or look. Leave it empty for a default restyle, write one prompt for all the clips, or write one line per clip, in the order you sent them.
hint-prompt-audio_to_video = Say who speaks and where. Leave it empty for a default speaker, write one prompt for all, or write one line per recording, in order.
form-media-prompt-video_to_video = Send the clips to remake: each one becomes a new clip. Press Done when all are here.
form-media-wrong-video_to_video = New clips are made from video clips only.
form-media-too-many-video_to_video = That is { $count } clips; one request takes at most { $max }. Start again with fewer.
form-media-prompt-audio_to_video = Send a voice message or an audio file: the video speaks to it, to its first 15 seconds if it runs longer. Press Done when all are here.
form-media-wrong-audio_to_video = An AI talking video is made to a voice message or an audio file only.
form-media-too-many-audio_to_video = That is { $count } recordings; one request takes at most { $max }. Start again with fewer.
video-refs-audio-trimmed = { $count ->
    [one] The recording is { $seconds } seconds long: only its first { $limit } seconds are used.
   *[other] { $count } recordings run over { $limit } seconds: only the first { $limit } seconds of each are used.
}
video-refs-not-video = This file is not a video clip the service can use. It takes { $formats }.
video-refs-not-audio = This file is not a recording the service can use. It takes { $formats }.
video-refs-model-refuses = { $input ->
    [text] { $model } does not make videos from a prompt alone.
    [frames] { $model } does not make videos from photos.
    [keyframes] { $model } does not make transitions between photos.
    [video] { $model } does not make videos from clips.
   *[audio] { $model } does not make videos to audio.
} Nothing was charged: pick another model and create again.
video-refs-uploading-clip = ⏳ Uploading clip { $done } of { $total }…
video-refs-uploading-audio = ⏳ Uploading recording { $done } of { $total }…
video-refs-clips-default = { $frames ->
    [one] No prompt: the clip gets a default restyle.
   *[other] No prompt: each of the { $frames } clips gets a default restyle.
}
video-refs-clips-one-for-all = { $frames ->
    [one] The prompt is for this clip.
   *[other] One prompt for all { $frames } clips.
}
video-refs-clips-in-order = { $frames } prompts for { $frames } clips: the first line goes with the first clip, and so on.
video-refs-clips-missing = { $frames } clips but { $prompts ->
    [one] { $prompts } prompt
   *[other] { $prompts } prompts
}: each clip needs its own line, or all share one. Write a single prompt for all the clips, or add { $missing ->
    [one] the { $missing } missing line
   *[other] the { $missing } missing lines
}, one per clip, in order.
video-refs-clips-extra = { $frames ->
    [one] { $frames } clip
   *[other] { $frames } clips
} but { $prompts } prompts: each clip takes one line, or all share one. Write a single prompt for all the clips, remove { $extra ->
    [one] { $extra } line
   *[other] { $extra } lines
}, or add { $extra ->
    [one] { $extra } more clip
   *[other] { $extra } more clips
}.
video-refs-audio-default = { $frames ->
    [one] No prompt: a default speaker talks to the recording.
   *[other] No prompt: a default speaker talks to each of the { $frames } recordings.
}
video-refs-audio-one-for-all = { $frames ->
    [one] The prompt is for this recording.
   *[other] One prompt for all { $frames } recordings.
}
video-refs-audio-in-order = { $frames } prompts for { $frames } recordings: the first line goes with the first recording, and so on.
video-refs-audio-missing = { $frames } recordings but { $prompts ->
    [one] { $prompts } prompt
   *[other] { $prompts } prompts
}: each recording needs its own line, or all share one. Write a single prompt for all of them, or add { $missing ->
    [one] the { $missing } missing line
   *[other] the { $missing } missing lines
}, one per recording, in order.
video-refs-audio-extra = { $frames ->
    [one] { $frames } recording
   *[other] { $frames } recordings
} but { $prompts } prompts: each recording takes one line, or all share one. Write a single prompt for all of them, remove { $extra ->
    [one] { $extra } line
   *[other] { $extra } lines
}, or add { $extra ->
    [one] { $extra } more recording
   *[other] { $extra } more recordings
}.
