import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { CmsClient } from '@viewlink/cms';

declare const cms: CmsClient;
declare const input: HTMLInputElement; // <input type="file">

// Browser: a File carries its name and type.
await cms.media.upload(input.files![0]!);
// Node: bytes or streams with a name; the type is guessed from the extension or given.
await cms.media.upload(await readFile('photo.jpg'), { filename: 'photo.jpg' });
await cms.media.upload(createReadStream('talk.mp4'), { filename: 'talk.mp4', contentType: 'video/mp4' });
