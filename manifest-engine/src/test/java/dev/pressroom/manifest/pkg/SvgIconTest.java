package dev.pressroom.manifest.pkg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SVG icon allowlist: what a browser would run, load or follow is refused, however it is spelled. */
class SvgIconTest {

    private static final String OPEN =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
                    + " viewBox=\"0 0 256 256\">";

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<path d=\"M0 0h256v256H0z\" fill=\"#0af\" stroke=\"currentColor\" stroke-width=\"2\"/>",
                "<defs><linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\"><stop offset=\"0\" stop-color=\"red\"/>"
                        + "</linearGradient></defs><rect width=\"256\" height=\"256\" fill=\"url(#g)\"/>",
                "<defs><circle id=\"c\" r=\"4\"/></defs><use href=\"#c\" x=\"9\"/><use xlink:href=\"#c\" y=\"9\"/>",
                "<g transform=\"rotate(45 128 128)\" style=\"fill: url( '#g' ); opacity: .5\"><rect width=\"9\" height=\"9\"/></g>",
                "<rect width=\"9\" height=\"9\"><animateTransform attributeName=\"transform\" type=\"rotate\" from=\"0\""
                        + " to=\"360\" dur=\"2s\" repeatCount=\"indefinite\"/></rect>",
                "<title>Coach</title><text x=\"9\" y=\"9\" font-family=\"sans-serif\" xml:space=\"preserve\">Hi</text>",
                "<filter id=\"f\"><feGaussianBlur stdDeviation=\"2\"/></filter><circle r=\"9\" filter=\"url(#f)\"/>",
            })
    void svgWhenStaticGraphicsThenAccepted(String body) {
        assertThat(problem(body)).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<script>alert(1)</script>",
                "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\">x</div></foreignObject>",
                "<rect onload=\"alert(1)\"/>",
                "<rect ONLOAD=\"alert(1)\"/>",
                "<a href=\"https://evil.example/\"><rect width=\"9\" height=\"9\"/></a>",
                "<use href=\"https://evil.example/sprite.svg#a\"/>",
                "<use xlink:href=\"data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=\"/>",
                "<use href=\"java&#x09;script:alert(1)\"/>",
                "<use href=\"//evil.example/s.svg#a\"/>",
                "<image href=\"data:image/png;base64,iVBORw0KGgo=\"/>",
                "<feImage href=\"#a\"/>",
                "<rect><animate attributeName=\"href\" values=\"javascript:alert(1)\"/></rect>",
                "<use href=\"#a\"><set attributeName=\"xlink:href\" to=\"#b\"/></use>",
                "<rect fill=\"url(https://evil.example/track.svg#p)\"/>",
                "<rect style=\"fill:url(//evil.example/p)\"/>",
                "<rect style=\"fill:u\\72l(x)\"/>",
                "<rect style=\"background:@import 'x'\"/>",
                "<style>rect { fill: url(https://evil.example/) }</style>",
                "<rect xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" inkscape:label=\"x\"/>",
                "<iframe src=\"https://evil.example/\"/>",
                "<html:div xmlns:html=\"http://www.w3.org/1999/xhtml\"/>",
                "<rect width=\"9\" to=\"vbscript:msgbox(1)\"/>",
            })
    void svgWhenItCouldRunLoadOrLinkThenRefused(String body) {
        assertThat(problem(body)).as(body).isNotNull().startsWith("is an SVG with");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<?xml version=\"1.0\"?><?xml-stylesheet href=\"https://evil.example/x.css\"?>" + OPEN + "</svg>",
                "<svg viewBox=\"0 0 256 256\"><rect width=\"9\" height=\"9\"/></svg>",
            })
    void svgWhenStyleSheetInstructionOrNotInTheSvgNamespaceThenRefused(String svg) {
        assertThat(IconInspector.svg(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)))
                        .problem())
                .as(svg)
                .isNotNull();
    }

    private static String problem(String body) {
        return IconInspector.svg(new ByteArrayInputStream((OPEN + body + "</svg>").getBytes(StandardCharsets.UTF_8)))
                .problem();
    }
}
