import { count, desc, lte, sql } from "drizzle-orm";
import type { BlogPostsAnswer, BlogPostsQuery, ContactBody } from "#contract/content";
import type { Db } from "../../db/client.js";
import { blogPosts, contactMessages } from "../../db/schema.js";

/** Published posts, newest first; a post dated in the future stays hidden until its date. */
export async function listBlogPosts(db: Db, query: BlogPostsQuery): Promise<BlogPostsAnswer> {
  const published = lte(blogPosts.publishedAt, sql`now()`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(published)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(blogPosts).where(published),
  ]);
  return {
    posts: rows.map((post) => ({
      _id: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      author: post.author,
      image: post.imageId,
      publishedAt: post.publishedAt.toISOString(),
    })),
    totalPost: total?.total ?? 0,
  };
}

export async function saveContactMessage(db: Db, message: ContactBody): Promise<void> {
  await db.insert(contactMessages).values(message);
}
