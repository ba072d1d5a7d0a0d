package dev.pressroom.content.cdn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SurrogateKeysTest {

    private static final String BLOG = "0123456789abcdef01234567";
    private static final String POST = "aaaaaaaaaaaaaaaaaaaaaaaa";
    private static final String OTHER = "bbbbbbbbbbbbbbbbbbbbbbbb";

    private static byte[] json(String text) {
        return text.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
    }

    private static Set<String> keys(String variant, String body) {
        return SurrogateKeys.of(BLOG, variant, json(body));
    }

    @Test
    void ofWhenSinglePostThenBlogPostItsTagsAndAuthorsButNoListKey() {
        Set<String> keys = keys(
                "post/knife-skills?fields=",
                "{'posts':[{'id':'" + POST + "','title':'Knife','tags':[{'id':'t1','slug':'basics'},"
                        + "{'slug':'tools'}],'primary_tag':{'slug':'basics'},'authors':[{'username':'ana','name':'Ana'}],"
                        + "'primary_author':{'username':'ana'},'json_ld':[{'id':'x','slug':'not-a-tag'}]}]}");

        assertThat(keys)
                .containsExactly(
                        BLOG, BLOG + "-post-" + POST, BLOG + "-tag-basics", BLOG + "-tag-tools", BLOG + "-author-ana");
    }

    @Test
    void ofWhenPostListThenListKeyAndEveryMembersKeys() {
        Set<String> keys = keys(
                "posts?limit=2",
                "{'posts':[{'id':'" + POST + "'},{'id':'" + OTHER + "'}],'meta':{'pagination':{'page':1}}}");

        assertThat(keys).containsExactly(BLOG, BLOG + "-posts", BLOG + "-post-" + POST, BLOG + "-post-" + OTHER);
    }

    @Test
    void ofWhenPagesThenPageKeys() {
        assertThat(keys("page/about?", "{'pages':[{'id':'" + POST + "'}]}"))
                .containsExactly(BLOG, BLOG + "-page-" + POST);
    }

    @Test
    void ofWhenPostsWithoutIdsThenTheirListKeyStandsForThem() {
        assertThat(keys("post/knife-skills?fields=title", "{'posts':[{'title':'Knife'}]}"))
                .containsExactly(BLOG, BLOG + "-posts");
    }

    @Test
    void ofWhenSlugCannotStandInAHeaderThenTheTagsListKey() {
        assertThat(keys("post/a?", "{'posts':[{'id':'" + POST + "','tags':[{'slug':'caf\u00e9 au lait'}]}]}"))
                .containsExactly(BLOG, BLOG + "-post-" + POST, BLOG + "-tags");
    }

    @Test
    void ofWhenTagsAndAuthorsThenListAndMemberKeys() {
        assertThat(keys("tags", "{'tags':[{'slug':'soup','name':'Soup'},{'slug':'bread'}]}"))
                .containsExactly(BLOG, BLOG + "-tags", BLOG + "-tag-soup", BLOG + "-tag-bread");
        assertThat(keys("authors/ana", "{'authors':[{'username':'ana','name':'Ana'}]}"))
                .containsExactly(BLOG, BLOG + "-author-ana");
    }

    @Test
    void ofWhenGhostRoutesThenTheSameKeysAsOurs() {
        assertThat(keys("ghost/posts?limit=15&x", "{'posts':[{'id':'" + POST + "','authors':[{'slug':'ana'}]}]}"))
                .containsExactly(BLOG, BLOG + "-posts", BLOG + "-post-" + POST, BLOG + "-author-ana");
        assertThat(keys("ghost/posts/knife-skills?x", "{'posts':[{'id':'" + POST + "'}]}"))
                .containsExactly(BLOG, BLOG + "-post-" + POST);
        assertThat(keys("ghost/tags/slug/soup?count=false", "{'tags':[{'slug':'soup'}]}"))
                .containsExactly(BLOG, BLOG + "-tag-soup");
        assertThat(keys("ghost/search-index/posts", "{'posts':[{'id':'" + POST + "'}]}"))
                .containsExactly(BLOG, BLOG + "-posts", BLOG + "-post-" + POST);
        assertThat(keys("ghost/tiers?page=1", "{'tiers':[],'meta':{}}")).containsExactly(BLOG);
    }

    @Test
    void ofWhenSettingsThenOnlyTheBlogKeyWhichEveryBlogChangePurges() {
        assertThat(keys("settings", "{'settings':{'title':'Kitchen'}}")).containsExactly(BLOG);
        assertThat(keys("ghost/settings", "{'settings':{'title':'Kitchen'}}")).containsExactly(BLOG);
    }

    @Test
    void ofWhenFeedOrSitemapThenTheListKeysOfWhatTheyShow() {
        byte[] xml = "<rss/>".getBytes(StandardCharsets.UTF_8);
        assertThat(SurrogateKeys.of(BLOG, "rss", xml))
                .containsExactly(BLOG, BLOG + "-posts", BLOG + "-tags", BLOG + "-authors");
        assertThat(SurrogateKeys.of(BLOG, "sitemap-tags.xml", xml))
                .containsExactly(BLOG, BLOG + "-posts", BLOG + "-pages", BLOG + "-tags", BLOG + "-authors");
    }

    @Test
    void headerWhenStylesThenTheirSeparators() {
        Set<String> keys = keys("tags", "{'tags':[{'slug':'soup'}]}");
        assertThat(SurrogateKeys.header(keys, CdnStyle.FASTLY, 16_000))
                .isEqualTo(BLOG + " " + BLOG + "-tags " + BLOG + "-tag-soup");
        assertThat(SurrogateKeys.header(keys, CdnStyle.CLOUDFLARE, 16_000))
                .isEqualTo(BLOG + "," + BLOG + "-tags," + BLOG + "-tag-soup");
    }

    @Test
    void headerWhenLongerThanTheBoundThenBlogAndListKeysOnly() {
        StringBuilder posts = new StringBuilder("{'posts':[");
        for (int i = 0; i < 400; i++) {
            posts.append(i == 0 ? "" : ",")
                    .append("{'id':'")
                    .append(String.format("%024x", i))
                    .append("','tags':[{'slug':'tag-")
                    .append(i)
                    .append("'}],'authors':[{'username':'a")
                    .append(i)
                    .append("'}]}");
        }
        Set<String> keys = keys("posts?limit=100", posts + "]}");
        assertThat(String.join(" ", keys).length()).isGreaterThan(16_000);

        String header = SurrogateKeys.header(keys, CdnStyle.FASTLY, 16_000);

        assertThat(header).isEqualTo(BLOG + " " + BLOG + "-posts " + BLOG + "-tags " + BLOG + "-authors");
    }
}
