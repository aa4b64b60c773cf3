/** Message bodies as Telegram sends them for each kind of media, for tests that act as users. */
export function photo(id: string) {
  return { photo: [{ file_id: id, file_unique_id: `${id}-u`, width: 900, height: 900, file_size: 90_000 }] };
}
export function video(id: string, duration = 30) {
  return {
    video: {
      file_id: id,
      file_unique_id: `${id}-u`,
      width: 720,
      height: 1280,
      duration,
      mime_type: "video/mp4",
      file_size: 900_000,
    },
  };
}
export function audio(id: string, duration = 60) {
  return {
    audio: {
      file_id: id,
      file_unique_id: `${id}-u`,
      duration,
      mime_type: "audio/mpeg",
      file_name: `${id}.mp3`,
      file_size: 500_000,
    },
  };
}
export function srt(id: string) {
  return {
    document: {
      file_id: id,
      file_unique_id: `${id}-u`,
      file_name: `${id}.srt`,
      mime_type: "application/x-subrip",
      file_size: 200,
    },
  };
}
