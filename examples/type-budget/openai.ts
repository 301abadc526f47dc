// The comparable file with openai-node (scripts/type-budget.mjs measures it beside ours): list a
// paginated collection, create a record, read a field of the result.
import OpenAI from 'openai';

const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY ?? '' });
for await (const model of client.models.list()) console.log(model.id);
const completion = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Hello' }],
});
console.log(completion.choices[0]?.message.content);
