package dev.pressroom.content.render;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;

/** The words a reader sees: text and code, without link targets or markup, for word counts, excerpts and toc labels. */
final class PlainText extends AbstractVisitor {

    private final StringBuilder text = new StringBuilder();

    static String of(Node node) {
        PlainText visitor = new PlainText();
        node.accept(visitor);
        return visitor.text.toString().replaceAll("[ \\t]+", " ").strip();
    }

    @Override
    public void visit(Text node) {
        text.append(node.getLiteral());
    }

    @Override
    public void visit(Code node) {
        text.append(node.getLiteral());
    }

    @Override
    public void visit(FencedCodeBlock node) {
        text.append(node.getLiteral()).append('\n');
    }

    @Override
    public void visit(IndentedCodeBlock node) {
        text.append(node.getLiteral()).append('\n');
    }

    @Override
    public void visit(SoftLineBreak node) {
        text.append(' ');
    }

    @Override
    public void visit(HardLineBreak node) {
        text.append('\n');
    }

    @Override
    protected void visitChildren(Node parent) {
        super.visitChildren(parent);
        if (parent.getFirstChild() != null && parent.getNext() != null && !(parent instanceof Text)) {
            text.append(' ');
        }
    }
}
